/// Replaced by the generated table when the emoji branch lands.
enum EmojiShortcodes {
    static func render(_ text: String) -> String { text }
}
