/// A command's name and the help around its options: what ``Command`` needs besides the
/// declarations of a ``ParsableCommand``'s properties.
struct CommandConfiguration: Sendable {
    /// Its word (`add`).
    let name: String
    /// One line (explicit line breaks kept) for the list of its parent's help.
    var abstract: String
    /// For top-level commands: the heading it is listed under in the overview.
    var section: String?
    /// What the command does, after its usage line; paragraphs as written.
    var discussion: String
    /// Whether it takes `--json` (every command that prints records or reports does).
    var printsJSON: Bool
    /// Text after the options in the help.
    var epilogue: String
    /// Whole command lines, shown under "Examples:" (every help ends with examples).
    var examples: [String]

    /// The configuration of the command `name`.
    init(_ name: String, abstract: String, section: String? = nil, discussion: String, printsJSON: Bool = true, epilogue: String = "",
         examples: [String]) {
        self.name = name
        self.abstract = abstract
        self.section = section
        self.discussion = discussion
        self.printsJSON = printsJSON
        self.epilogue = epilogue
        self.examples = examples
    }
}
