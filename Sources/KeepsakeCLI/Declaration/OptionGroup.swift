/// Options several commands share, declared once with the rules between them and a heading: a
/// command that lists the group in its ``Command/groups`` takes its options and rules as if they
/// were its own, and its help shows them under the heading, after its own options
/// (`EncodingFlags.group`: how the photos a command adds are stored).
struct OptionGroup: Sendable {
    /// The line above the group's options in a help (`How photos are stored (…):`).
    let heading: String
    /// Its options, in the order help lists them.
    let options: [any OptionDeclaration]
    /// Rules between them.
    let rules: [OptionRule]

    /// A group of `options` under `heading`.
    init(heading: String, options: [any OptionDeclaration], rules: [OptionRule] = []) {
        self.heading = heading
        self.options = options
        self.rules = rules
    }
}
