import KeepsakeSupport

/// The patterns of the API's text fields: the apps' rules about lines and control characters,
/// stated as JSON Schema `pattern`s (the apps trim surrounding white space before they count).
enum APIText {
    /// Control characters (Unicode general category Cc).
    private static let control = "\\u0000-\\u001f\\u007f-\\u009f"

    /// The white space the apps trim (`CharacterSet.whitespacesAndNewlines`: Unicode's Z
    /// categories, tab, line breaks, U+0085), spelt out: `\\s` differs between regex engines.
    private static let space = "\\t\\n\\u000b\\u000c\\r\\u0085 \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"

    /// One line of at most `maxLength` characters once trimmed: no control character between
    /// surrounding white space (which is trimmed); `required`: at least one character that is not
    /// white space. (The length is in the pattern, of the trimmed text, as the apps count it.)
    static func line(required: Bool, maxLength: Int) -> String {
        let core = "[^\(space)\(control)]([^\(control)]{0,\(maxLength - 2)}[^\(space)\(control)])?"
        return "^[\(space)]*" + (required ? core : "(\(core))?") + "[\(space)]*$"
    }

    /// At most `maxLength` characters, none of them a control character.
    static func noControl(maxLength: Int) -> String { "^[^\(control)]{0,\(maxLength)}$" }

    /// Some character that is not white space.
    static let notBlank = "[^\(space)]"

    /// Text of several lines: no control character but line breaks and tabs.
    static let lines = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$"

    /// Text without NUL.
    static let noNUL = "^[^\\u0000]*$"
}
