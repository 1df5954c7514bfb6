/// Options several commands share, declared once as a ``ParsableArguments`` value and taken as a
/// property of each command's options (`@OptionGroup var encoding: EncodingFlags`): the command
/// takes the group's options and rules as if they were its own. A group with a
/// ``ParsableArguments/heading`` is listed under it in the help, after the command's own options;
/// one without is listed where the property stands.
@propertyWrapper
struct OptionGroup<Group: ParsableArguments>: Sendable {
    /// The group's options, read from the command line with the command's.
    let wrappedValue: Group

    /// Declares the group (inside a parse: reads its options).
    init() { wrappedValue = Group() }
}

/// A headed group of options as the help lists it: the heading, its options and its rules.
struct OptionGroupDeclaration: Sendable {
    /// The line above the group's options in a help (`How photos are stored (…):`).
    let heading: String
    /// Its options, in the order help lists them.
    let options: [OptionDeclaration]
    /// Rules between them.
    let rules: [OptionRule]
}
