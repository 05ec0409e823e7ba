import Foundation

// ThemeEmbedder THEME VERSIONS OUTPUT: writes OUTPUT, a Swift file holding every file under
// THEME (path relative to it → base64 of its bytes) and the text of VERSIONS, for the
// UsergraphTheme target. Run by the EmbedTheme build plugin; not installed.
// Base64 in string literals: the compiler reads a 250 kB literal at once, where an array of
// 250,000 numbers takes it seconds.

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: ThemeEmbedder THEME VERSIONS OUTPUT\n".utf8))
    exit(2)
}
let (theme, versions, output) = (arguments[1], arguments[2], arguments[3])
let fm = FileManager.default

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ThemeEmbedder: \(message)\n".utf8))
    exit(1)
}

var paths: [String] = []
guard let walk = fm.enumerator(atPath: theme) else { fail("\(theme) is not a folder") }
while let path = walk.nextObject() as? String {
    var isDirectory: ObjCBool = false
    let name = (path as NSString).lastPathComponent
    guard !name.hasPrefix("."), fm.fileExists(atPath: theme + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
    paths.append(path)
}

var swift = "// Made by ThemeEmbedder from Sources/UsergraphTheme/Theme at build time; not in git.\n\n"
swift += "enum EmbeddedTheme {\n    static let files: [(path: String, base64: String)] = [\n"
for path in paths.sorted() {
    guard let data = fm.contents(atPath: theme + "/" + path) else { fail("cannot read \(theme)/\(path)") }
    let quoted = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    swift += "        (\"\(quoted)\", \"\(data.base64EncodedString())\"),\n"
}
swift += "    ]\n\n"
guard let versionsData = fm.contents(atPath: versions) else { fail("cannot read \(versions)") }
swift += "    static let versions = \"\(versionsData.base64EncodedString())\"\n}\n"

// Written only when it changed, so that an unchanged theme does not compile the target again.
if fm.contents(atPath: output) != Data(swift.utf8) {
    do { try Data(swift.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch { fail("cannot write \(output): \(error)") }
}
