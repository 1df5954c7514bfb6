import KeepsakeSupport

/// The patterns of the API's text fields: the apps' rules about lines and control characters,
/// stated as JSON Schema `pattern`s (the apps trim surrounding white space before they count).
enum APIText {
    /// Control characters (Unicode general category Cc).
    private static let control = "\\u0000-\\u001f\\u007f-\\u009f"

    /// One line: no control character between surrounding white space (which is trimmed);
    /// `required`: at least one character that is not white space.
    static func line(required: Bool) -> String {
        let core = "[^\\s\(control)]([^\(control)]*[^\\s\(control)])?"
        return "^\\s*" + (required ? core : "(\(core))?") + "\\s*$"
    }

    /// Text of several lines: no control character but line breaks and tabs.
    static let lines = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$"

    /// Text without any control character.
    static let noControl = "^[^\(control)]*$"

    /// Text without NUL.
    static let noNUL = "^[^\\u0000]*$"
}
