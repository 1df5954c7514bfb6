public import KeepsakeStore

/// The log format of `keepsake-crash-worker`, written by the worker and read by the crash tests and
/// `keepsake-torture crash`.
///
/// Before an operation the worker appends `BEGIN <record> <predicted state>`, after the store
/// acknowledges it `OK <record> <state>`. A state is `absent`, or `live`/`trashed` followed by the
/// source SHA-256 of each image in order.
public enum CrashLog {
    /// The state of a record as the log writes it.
    public static func state(of record: Record?) -> String {
        guard let record else { return "absent" }
        return ([record.isTrashed ? "trashed" : "live"] + record.images.map(\.sourceSHA256)).joined(separator: " ")
    }

    /// Per record, the last acknowledged state and the predicted states of the operations begun
    /// since. Several can be pending: a killed process's last operation may have committed
    /// unacknowledged, and the next process then began another from that state. So the record must
    /// be in the acknowledged state or in one of those predicted states, never another.
    public static func expectations(_ log: String) -> [String: (acknowledged: String, inFlight: [String])] {
        var result: [String: (acknowledged: String, inFlight: [String])] = [:]
        for line in log.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count >= 2 else { continue }
            let state = parts.count == 3 ? parts[2] : ""
            switch parts[0] {
            case "BEGIN": result[parts[1], default: ("absent", [])].inFlight.append(state)
            case "OK": result[parts[1]] = (state, [])
            default: continue
            }
        }
        return result
    }
}
