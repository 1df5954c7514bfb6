import Foundation
import KeepsakeStore
import KeepsakeSupport

/// The time zones the API accepts: the IANA names this system knows (and UTC, and `Etc/UTC` and
/// `Etc/GMT`: what a Linux machine or a container calls its zone, so the pages' forms, which start
/// with the server's zone, send it), listed in the document so that a client knows each one.
enum APITimeZones {
    /// Every accepted name, sorted.
    static let names: [String] = {
        let known = Set(TimeZone.knownTimeZoneIdentifiers).union(["UTC", "GMT", "Etc/UTC", "Etc/GMT"])
        return known.filter { $0.utf8.count <= 64 && TimeZone(identifier: $0) != nil }.sorted()
    }()

    private static let accepted = Set(names)

    /// The schema of a time-zone name.
    static func schema(description: String? = nil, defaultValue: String? = nil) -> JSONValue {
        JSONSchema.string(values: names, description: description, defaultValue: defaultValue)
    }

    /// A zone by its name (`nil` for `nil`); `invalidArgument` for a name not in ``names``.
    static func zone(_ name: String?) throws -> TimeZone? {
        guard let name else { return nil }
        guard accepted.contains(name), let zone = TimeZone(identifier: name) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(name)) is not a time zone name such as Asia/Seoul or UTC.")
        }
        return zone
    }
}
