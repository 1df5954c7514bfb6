/// The result of comparing a worker's log with the records a store holds after a crash.
public struct LogVerification: Sendable, Equatable {
    /// Records compared.
    public var checked = 0
    /// Acknowledged records missing, or with fewer images than acknowledged.
    public var lost = 0
    /// One line per broken promise.
    public var failures: [String] = []

    /// Nothing checked yet.
    public init() {}
}

extension CrashLog {
    /// Checks every record a log names against what the store holds now (`state` gives a record's
    /// state, `absent` if it is not there): it must be in its last acknowledged state or in one of
    /// the states begun since, never another.
    public static func verify(_ log: String, state: (String) throws -> String) -> LogVerification {
        var result = LogVerification()
        for (id, expected) in expectations(log).sorted(by: { $0.key < $1.key }) {
            let actual: String
            do {
                actual = try state(id)
            } catch {
                result.failures.append("record \(id): \(error)")
                continue
            }
            result.checked += 1
            let allowed = [expected.acknowledged] + expected.inFlight
            if !allowed.contains(actual) {
                result.failures.append("record \(id): state \(actual), allowed \(allowed)")
                if actual == "absent" || actual.split(separator: " ").count < expected.acknowledged.split(separator: " ").count {
                    result.lost += 1
                }
            }
        }
        return result
    }
}
