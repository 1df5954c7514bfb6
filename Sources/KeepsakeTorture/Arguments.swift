import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

struct Arguments {
    private var values: [String: [String]] = [:]
    private(set) var switches: Set<String> = []

    init(_ arguments: ArraySlice<String>, switches allowedSwitches: Set<String> = []) {
        var rest = arguments
        while let flag = rest.popFirst() {
            if allowedSwitches.contains(flag) {
                switches.insert(flag)
            } else if let value = rest.popFirst() {
                values[flag, default: []].append(value)
            } else {
                usage("missing value for \(flag)")
            }
        }
    }

    func string(_ flag: String) -> String? { values[flag]?.last }
    func int(_ flag: String, _ fallback: Int) -> Int {
        guard let text = values[flag]?.last else { return fallback }
        guard let value = Int(text) else { usage("\(flag) takes a number, not \(text)") }
        return value
    }
    func uint64(_ flag: String, _ fallback: UInt64) -> UInt64 {
        guard let text = values[flag]?.last else { return fallback }
        guard let value = UInt64(text) else { usage("\(flag) takes a number, not \(text)") }
        return value
    }
    func all(_ flag: String) -> [String] { values[flag] ?? [] }
    func has(_ flag: String) -> Bool { switches.contains(flag) }
}

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("keepsake-torture: \(message)\n\n\(helpText)\n".utf8))
    exit(2)
}
