/// The declarations of a ``ParsableArguments`` value, found on its properties in the order they
/// are declared (as swift-argument-parser finds them, by reflection over the property wrappers).
extension ParsableArguments {
    /// Its arguments, options (a headed group's last), headed groups and rules.
    static var declarations: Declarations {
        var declarations = Declarations()
        declarations.add(describing())
        declarations.options += declarations.groups.flatMap(\.options)
        declarations.rules += declarations.groups.flatMap(\.rules)
        return declarations
    }
}

/// What a ``ParsableArguments`` type declares, collected from its properties.
struct Declarations: Sendable {
    /// Its positional arguments, in order.
    var arguments: [ArgumentDeclaration] = []
    /// Its options, in order.
    var options: [OptionDeclaration] = []
    /// Its shared groups that have a heading.
    var groups: [OptionGroupDeclaration] = []
    /// The rules between its options.
    var rules: [OptionRule] = []

    /// Adds the declarations of the properties of `value` and its rules.
    mutating func add<Value: ParsableArguments>(_ value: Value) {
        for child in Mirror(reflecting: value).children {
            (child.value as? any DeclaringProperty)?.declare(into: &self)
        }
        rules += Value.rules
    }
}

/// A property wrapper that declares something to the parser.
protocol DeclaringProperty {
    /// Adds its declaration to `declarations`.
    func declare(into declarations: inout Declarations)
}

extension Option: DeclaringProperty {
    func declare(into declarations: inout Declarations) { declarations.options.append(declaration) }
}

extension Flag: DeclaringProperty {
    func declare(into declarations: inout Declarations) { declarations.options.append(declaration) }
}

extension Argument: DeclaringProperty {
    func declare(into declarations: inout Declarations) { declarations.arguments.append(declaration) }
}

extension OptionGroup: DeclaringProperty {
    func declare(into declarations: inout Declarations) {
        guard let heading = Group.heading else { return declarations.add(wrappedValue) }
        var group = Declarations()
        group.add(wrappedValue)
        declarations.groups.append(OptionGroupDeclaration(heading: heading, options: group.options, rules: group.rules))
    }
}
