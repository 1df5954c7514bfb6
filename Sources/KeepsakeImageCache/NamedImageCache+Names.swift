import KeepsakeStore

extension NamedImageCache {
    /// The longest name, in characters.
    public static let maxNameLength = 100

    /// Checks that `name` can name a cached image: 1 to ``maxNameLength`` ASCII letters, digits,
    /// `-`, `_` and `.`, not starting or ending with `.` and without `..`. The file is
    /// `<name>.png` or `<name>.jpg`, always directly inside the cache folder.
    ///
    /// - Throws: `.unsafePath` for a name that tries to leave the folder (`/`, `..`, NUL);
    ///   `.invalidArgument` for an empty, too long, hidden or otherwise malformed name.
    public static func checkName(_ name: String) throws {
        let scalars = name.unicodeScalars
        if scalars.contains("\u{0}") {
            throw KeepsakeError(.unsafePath, "The image name \(KeepsakeError.quoted(name)) contains a NUL character; use letters, digits, '-', '_' and '.'.", path: KeepsakeError.printable(name))
        }
        if scalars.contains("/") || name.contains("..") {
            throw KeepsakeError(.unsafePath, "The image name \(KeepsakeError.quoted(name)) is a path, which could leave the cache folder; give a plain name such as \"avatar\".", path: KeepsakeError.printable(name))
        }
        guard !name.isEmpty else {
            throw KeepsakeError(.invalidArgument, "An image name must not be empty; give a name such as \"avatar\".")
        }
        guard scalars.count <= maxNameLength else {
            throw KeepsakeError(.invalidArgument, "The image name \(KeepsakeError.quoted(name)) is \(scalars.count) characters long; use at most \(maxNameLength).")
        }
        guard scalars.allSatisfy({ $0.isASCII && (isLetterOrDigit($0) || $0 == "-" || $0 == "_" || $0 == ".") }) else {
            throw KeepsakeError(.invalidArgument, "The image name \(KeepsakeError.quoted(name)) may contain only letters, digits, '-', '_' and '.'.")
        }
        guard !name.hasPrefix("."), !name.hasSuffix(".") else {
            throw KeepsakeError(.invalidArgument, "The image name \(KeepsakeError.quoted(name)) must not start or end with '.' (hidden files are not cached images).")
        }
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// The name a file in the folder stands for, or `nil` for files the cache did not write.
    static func name(ofFile file: String) -> String? {
        for fileExtension in fileExtensions where file.hasSuffix("." + fileExtension) {
            let stem = String(file.dropLast(fileExtension.count + 1))
            if (try? checkName(stem)) != nil { return stem }
        }
        return nil
    }
}
