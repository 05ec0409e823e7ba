import CZlibShim
import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphShare
@testable import UsergraphStore
import UsergraphTestSupport

@Suite(.scratch) struct SharingTests {
    @Test func librsvgDrawsOurSVGAtTheSizeAsked() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\" fill=\"#4f46e5\"/></svg>"
        let png = try PNGRaster.png(svg: svg, width: 64, height: 48, what: "test.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(ImageSize.parse([UInt8](png)) == ImageSize(width: 64, height: 48))
    }

    @Test func aPictureDrawnFromTheSameSVGIsReusedNotRedrawn() throws {
        let folder = try TestPaths.scratch("png")
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\" fill=\"#0f766e\"/></svg>"
        let first = try PNGRaster.png(svg: svg, width: 16, height: 16, what: "a.png", previous: folder + "/a.png")
        let stamp = try #require(PNGStamp.read(first))
        #expect(ImageSize.parse([UInt8](first)) == ImageSize(width: 16, height: 16))
        // A published file with the same stamp is returned as it is, whatever follows the stamp:
        // proof that librsvg was not asked again.
        let marked = PNGStamp.write(stamp, into: try PNGRaster.png(svg: svg, width: 16, height: 16, what: "a.png")) + Data("kept".utf8)
        try marked.write(to: URL(fileURLWithPath: folder + "/a.png"))
        #expect(try PNGRaster.png(svg: svg, width: 16, height: 16, what: "a.png", previous: folder + "/a.png") == marked)
        // Another size or another SVG is drawn anew.
        let bigger = try PNGRaster.png(svg: svg, width: 32, height: 32, what: "a.png", previous: folder + "/a.png")
        #expect(bigger != marked && PNGStamp.read(bigger) != stamp)
        #expect(ImageSize.parse([UInt8](bigger)) == ImageSize(width: 32, height: 32))
    }

    /// `build --force` draws every picture again, even one whose stamp says it is current (drawn
    /// with fonts since replaced, say); and the stamp names what draws, not only the SVG.
    @Test func forceRedrawsPicturesWhoseStampStillMatches() async throws {
        let root = try TestPaths.site(store: [:])
        #expect(await UsergraphCLI.run(["build", "--offline"], in: root).status == 0)
        let files = try #require(FileManager.default.enumerator(atPath: root + "/_site")?.allObjects as? [String])
        let pngs = files.filter { $0.hasSuffix(".png") }.sorted()
        #expect(pngs.count >= 3)
        // Each published picture gets bytes after its image that a redraw would not write.
        for png in pngs {
            let handle = try #require(FileHandle(forWritingAtPath: root + "/_site/" + png))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("stale".utf8))
            try handle.close()
        }
        let forced = await UsergraphCLI.run(["build", "--offline", "--force"], in: root)
        #expect(forced.status == 0, "\(forced.stderr)")
        for png in pngs {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/_site/" + png))
            #expect(!data.suffix(5).elementsEqual(Data("stale".utf8)), "\(png) was kept by --force")
            #expect(PNGStamp.read(data) != nil)
        }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>"
        let stamp = try #require(PNGStamp.read(try PNGRaster.png(svg: svg, width: 8, height: 8, what: "x.png", previous: nil)))
        #expect(stamp == SHA256.hex(Data("8x8\n\(DrawingEnvironment.stamp)\n\(PNGRaster.drawn(svg))".utf8)))
        #expect(DrawingEnvironment.stamp.count == 64)
    }

    @Test func onlyWhatIsDrawnOfAnSVGMakesItsPictureNew() throws {
        let folder = try TestPaths.scratch("png")
        func cell(_ title: String, _ fill: String = "#0f766e") -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><desc id=\"d\">A day</desc>"
                + "<rect width=\"4\" height=\"4\" fill=\"\(fill)\"><title>\(title)</title></rect></svg>"
        }
        #expect(
            PNGRaster.drawn(cell("Nov 20: 476 workouts"))
                == "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\" fill=\"#0f766e\"></rect></svg>")
        // A tooltip that changed is no new picture: the published one is kept as it is.
        let first = try PNGRaster.png(svg: cell("Nov 20: 476 workouts"), width: 8, height: 8, what: "a.png", previous: folder + "/a.png")
        let marked = first + Data("kept".utf8)
        try marked.write(to: URL(fileURLWithPath: folder + "/a.png"))
        #expect(try PNGRaster.png(svg: cell("Nov 20: 509 workouts"), width: 8, height: 8, what: "a.png", previous: folder + "/a.png") == marked)
        // Another shade is.
        #expect(try PNGRaster.png(svg: cell("Nov 20: 509 workouts", "#115e59"), width: 8, height: 8, what: "a.png", previous: folder + "/a.png") != marked)
        // Only whole title and desc elements go, and none where a comment or CDATA could hold one.
        for kept in [
            "<svg><titles>x</titles><text>title</text></svg>", "<svg><title>never closed</svg>",
            "<svg><!-- <title>x</title> --><title>y</title></svg>", "<svg><style><![CDATA[<desc>]]></style></svg>",
        ] {
            #expect(PNGRaster.drawn(kept) == kept)
        }
        #expect(PNGRaster.drawn("<svg><title id=\"t\">a</title><desc>b</desc><g/></svg>") == "<svg><g/></svg>")
    }

    /// The chunks of a PNG, each checked against its CRC, and its rows of pixels unfiltered.
    private func decode(_ png: Data) throws -> (header: [UInt8], rows: [[UInt8]]) {
        let bytes = [UInt8](png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        var at = 8, header: [UInt8] = [], packed: [UInt8] = [], types: [String] = []
        func word(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while at < bytes.count {
            let length = word(at), body = Array(bytes[(at + 4)..<(at + 8 + length)])
            #expect(UInt32(word(at + 8 + length)) == CRC32.of(body))
            let type = String(decoding: body.prefix(4), as: UTF8.self)
            types.append(type)
            if type == "IHDR" { header = Array(body.dropFirst(4)) }
            if type == "IDAT" { packed += body.dropFirst(4) }
            at += 12 + length
        }
        #expect(types.first == "IHDR" && types.last == "IEND")
        let width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        let height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        let rowLength = 1 + width * (header[9] == 6 ? 4 : 3)
        var raw = [UInt8](repeating: 0, count: rowLength * height)
        var rawLength = uLongf(raw.count)
        #expect(uncompress(&raw, &rawLength, packed, uLong(packed.count)) == Z_OK && Int(rawLength) == raw.count)
        var rows: [[UInt8]] = []
        for y in 0..<height {
            let filter = raw[y * rowLength]
            #expect(filter == 0 || filter == 2)
            var row = Array(raw[(y * rowLength + 1)..<((y + 1) * rowLength)])
            if filter == 2, let above = rows.last { row = zip(row, above).map { $0 &+ $1 } }
            rows.append(row)
        }
        return (header, rows)
    }

    @Test func cairosPixelsAreWrittenAsAValidPNG() throws {
        // cairo's ARGB32 words, colours premultiplied: opaque red, green at half alpha, nothing;
        // opaque blue, white, grey at a quarter.
        let words: [UInt32] = [0xFFFF_0000, 0x8000_8000, 0x0000_0000, 0xFF00_00FF, 0xFFFF_FFFF, 0x4020_2020]
        let png = try #require(words.withUnsafeBytes { PNGEncoder.encode(argb: $0.baseAddress!, width: 3, height: 2, stride: 12) })
        let translucent = try decode(png)
        #expect(translucent.header == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        #expect(translucent.rows == [[255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 0, 0], [0, 0, 255, 255, 255, 255, 255, 255, 128, 128, 128, 64]])
        // With every pixel opaque, RGB; a picture's rows may be a stride apart wider than them.
        let opaque: [UInt32] = [0xFF10_2030, 0xFF40_5060, 0xDEAD_BEEF, 0xFF70_8090, 0xFFA0_B0C0, 0xDEAD_BEEF]
        let rgb = try decode(try #require(opaque.withUnsafeBytes { PNGEncoder.encode(argb: $0.baseAddress!, width: 2, height: 2, stride: 12) }))
        #expect(rgb.header[9] == 2)
        #expect(rgb.rows == [[0x10, 0x20, 0x30, 0x40, 0x50, 0x60], [0x70, 0x80, 0x90, 0xA0, 0xB0, 0xC0]])
        // A drawn card decodes to its size, whatever filter won.
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"#4f46e5\"/></svg>"
        for (width, height) in [(64, 48), (400, 200)] {
            let card = try decode(try PNGRaster.png(svg: svg, width: width, height: height, what: "card.png"))
            #expect(card.rows.count == height && card.rows.allSatisfy { $0.count == width * 4 })
        }
    }

    @Test func theStampIsAValidPNGChunk() throws {
        let png = try PNGRaster.png(svg: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>", width: 2, height: 2, what: "b.png")
        let stamped = [UInt8](PNGStamp.write("abc", into: png))
        // length 20, "tEXt", "usergraph-source\0abc", then the CRC-32 of type and data.
        let chunk = Array(stamped[33..<(33 + 4 + 4 + 20 + 4)])
        #expect(Array(chunk.prefix(8)) == [0, 0, 0, 20] + Array("tEXt".utf8))
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926)
        let crc = CRC32.of(Array(chunk[4..<28]))
        #expect(Array(chunk[28...]) == [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(PNGStamp.read(Data(stamped)) == "abc")
        #expect(PNGStamp.read(png) == nil)
    }

    @Test func aBrokenSVGIsOneSentenceNamingThePicture() {
        #expect {
            try PNGRaster.png(svg: "<svg><rect", width: 10, height: 10, what: "social.png")
        } throws: { error in
            let text = (error as? UsergraphError)?.description ?? ""
            return text.hasPrefix("Cannot draw social.png as PNG: ") && !text.contains("\n")
        }
    }

    @Test func chartColoursAreResolvedFromTheThemeForTheRasterizer() {
        let palette = ThemePalette.light(
            css: """
                /* theme */
                :root {
                  color-scheme: light dark;
                  --ug-heat-1: #7f86ee;
                  /* a comment; with a semicolon */
                  --accent: #4f46e5;
                  --shadow: 0 1px 2px rgb(0 0 0 / 6%);
                }
                @media (prefers-color-scheme: dark) { :root { --ug-heat-1: #5c62d6; } }
                """)
        #expect(palette == ["ug-heat-1": "#7f86ee", "accent": "#4f46e5"])
        let svg = "<rect style=\"fill:var(--ug-heat-1,#9be9a8)\"/><g style=\"fill:var(--ug-text,currentColor)\">"
        #expect(ThemePalette.resolve(svg, colours: palette) == "<rect style=\"fill:#7f86ee\"/><g style=\"fill:currentColor\">")
        // Odd forms read as `split` reads them: an empty name or fallback is left out.
        let odd = "ж var(--,#111) var(--accent,) var(--nope,) var(--) var(--nope,#222)x var(--accent"
        #expect(ThemePalette.resolve(odd, colours: palette) == "ж currentColor #4f46e5 currentColor currentColor #222x var(--accent")
    }

    @Test func imageSizesAreReadFromTheirHeaders() {
        #expect(ImageSize.parse(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00]) == ImageSize(width: 320, height: 240))
        // SOI, an APP0 segment of 4 bytes, then SOF0 with height 240 and width 320.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0xF0, 0x01, 0x40, 0x03]
        #expect(ImageSize.parse(jpeg) == ImageSize(width: 320, height: 240))
        #expect(ImageSize.parse(Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"240\">".utf8)) == ImageSize(width: 320, height: 240))
        #expect(ImageSize.parse(Array("<?xml version=\"1.0\"?><svg viewBox=\"0 0 128 96\">".utf8)) == ImageSize(width: 128, height: 96))
        #expect(ImageSize.parse(Array("not an image".utf8)) == nil)
        #expect(ImageSize(width: 320, height: 240).height(atWidth: 128) == 96)
    }

    /// A downloaded SVG's size: its root element's own attributes, in either quote, in pixels;
    /// else its viewBox; a number that is not finite (which would stop the build when made an
    /// Int) or absurd gives no size.
    @Test func anSVGsSizeComesFromItsRootElementAndOnlyFromFiniteNumbers() throws {
        func size(_ svg: String) -> ImageSize? { ImageSize.parse(Array(svg.utf8)) }
        #expect(size("<svg width='64px' height=\"48.4\">") == ImageSize(width: 64, height: 48))
        #expect(size("<svg stroke-width=\"9\" width=\"10\" height=\"20\">") == ImageSize(width: 10, height: 20))
        #expect(size("<svg viewBox=\"0,0,300,150\" width=\"auto\">") == ImageSize(width: 300, height: 150))
        #expect(size("<svg><rect width=\"10\" height=\"10\"/></svg>") == nil, "not the root element's")
        #expect(size("<!-- é --><svg width=\"1e2\" height=\"50\">") == ImageSize(width: 100, height: 50))
        for bad in ["inf", "nan", "-inf", "1e309", "1e12"] {
            #expect(size("<svg width=\"\(bad)\" height=\"10\">") == nil, "\(bad)")
            #expect(size("<svg viewBox=\"0 0 \(bad) 10\">") == nil, "\(bad)")
        }
        #expect(size("<svg width=\"10\" height=\"10\"") == nil, "no end of the tag")

        let folder = try TestPaths.scratch("sizes")
        try TestPaths.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"7\" height=\"5\"/>", to: folder + "/a.svg")
        #expect(ImageSize.read(path: folder + "/a.svg") == ImageSize(width: 7, height: 5))
        #expect(mkfifo(folder + "/fifo.svg", 0o644) == 0)
        #expect(ImageSize.read(path: folder + "/fifo.svg") == nil, "a FIFO is not waited on")
        #expect(ImageSize.read(path: folder + "/missing.svg") == nil)
    }

    @Test func photosAreDeclaredAtTheirOwnShapeAndTheHeroAvatarIsNotLazy() throws {
        let (_, output) = try DemoSite.build()
        // User 118 has a 320 × 240 photo beside a square avatar.
        let user = try TestPaths.read(output + "/users/118/index.html")
        #expect(user.contains("width=\"128\" height=\"96\" loading=\"lazy\""))
        #expect(user.contains("width=\"128\" height=\"128\" loading=\"lazy\""))
        let hero = try #require(user.range(of: "big-avatar"))
        #expect(!user[hero.lowerBound...].prefix(300).contains("loading=\"lazy\""))
    }
}
