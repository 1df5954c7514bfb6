import Foundation

/// The AWS shared configuration and credentials files (`~/.aws/config`, `~/.aws/credentials`): INI
/// sections of `key = value` lines, with `[profile NAME]` in the config file and `[NAME]` in the
/// credentials file, and nested blocks (`s3 =` followed by indented `addressing_style = path`).
struct AWSSharedConfigFile {
    /// Settings by section name (`default`, or the profile's name), keys lowercased; nested keys as
    /// `s3.addressing_style`.
    let sections: [String: [String: String]]

    init(text: String) {
        var sections: [String: [String: String]] = [:]
        var section: String?
        var nested: String?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = String(rawLine)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
            if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
                var name = String(trimmed.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                if name.hasPrefix("profile ") { name = String(name.dropFirst(8)).trimmingCharacters(in: .whitespaces) }
                section = name
                nested = nil
                continue
            }
            guard let section, let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let indented = line.first == " " || line.first == "\t"
            if indented, let nested {
                sections[section, default: [:]]["\(nested).\(key)"] = value
            } else if value.isEmpty {
                nested = key
            } else {
                nested = nil
                sections[section, default: [:]][key] = value
            }
        }
        self.sections = sections
    }

    /// Reads `url`; `nil` if there is no such file.
    static func load(_ url: URL) throws -> AWSSharedConfigFile? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return AWSSharedConfigFile(text: try String(contentsOf: url, encoding: .utf8))
        } catch {
            throw S3Error(.invalidConfiguration, operation: "configure", message: "the AWS configuration file \(url.path) cannot be read: \(error.localizedDescription)")
        }
    }
}
