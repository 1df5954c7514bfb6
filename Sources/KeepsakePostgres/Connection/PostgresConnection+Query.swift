internal import CPostgres
import Foundation

extension PostgresConnection {
    /// Runs one statement with bound parameters (`$1`, `$2`, … in `sql`) and returns its rows.
    ///
    /// The statement is prepared on this connection the first time its text is seen (with these
    /// parameter types) and executed from then on; values are never spliced into the text.
    @discardableResult
    public func query(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws -> PostgresResult {
        let bound = parameters.map(\.postgresParameter)
        return try state.withLock { state in try run(sql, bound, &state) }
    }

    /// Runs one statement with bound parameters and returns the number of rows it affected.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws -> Int {
        try query(sql, parameters).affectedRows
    }

    /// Runs constant SQL that may hold several statements (a migration's DDL) through the simple query
    /// protocol, without parameters. Never build `sql` from input: take values through ``query(_:_:)``.
    public func executeScript(_ sql: String) throws {
        try state.withLock { state in
            let handle = try usableHandle(&state)
            try send(handle, sql, &state) { PQsendQuery(handle.pointer, sql) }
            _ = try collect(handle, sql, &state)
        }
    }

    /// Sends a notification on `channel` (delivered to every session listening on it when the current
    /// transaction commits, or at once outside one).
    public func notify(channel: String, payload: String = "") throws {
        try query("SELECT pg_notify($1, $2)", [channel, payload])
    }

    /// `identifier` quoted for SQL (`"my ""table"""`), for the names that parameters cannot carry
    /// (schemas, tables, channels in `LISTEN`).
    public static func quoted(identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Runs a statement inside the held lock: prepare once, execute, collect.
    func run(_ sql: String, _ parameters: [PostgresParameter], _ state: inout State) throws -> PostgresResult {
        let handle = try usableHandle(&state)
        let key = StatementKey(sql: sql, types: parameters.map(\.typeOID.rawValue))
        let name: String
        if let cached = state.statements[key] {
            name = cached
        } else {
            name = "keepsake_\(state.nextStatement)"
            state.nextStatement += 1
            try send(handle, sql, &state) {
                key.types.withUnsafeBufferPointer { types in
                    PQsendPrepare(handle.pointer, name, sql, Int32(parameters.count), types.baseAddress)
                }
            }
            _ = try collect(handle, sql, &state)
            state.statements[key] = name
        }
        do {
            try send(handle, sql, &state) {
                withParameterArrays(parameters) { values, lengths, formats in
                    PQsendQueryPrepared(handle.pointer, name, Int32(parameters.count), values, lengths, formats, 1)
                }
            }
            return try collect(handle, sql, &state)
        } catch let error as PostgresError where error.isStalePreparedStatement {
            // The table under a prepared `SELECT *` changed shape: prepare again next time. Outside a
            // transaction that can be now; inside one the transaction is aborted and must be rerun.
            state.statements[key] = nil
            if !state.inTransaction, state.failure == nil {
                _ = try? runUnprepared("DEALLOCATE " + name, handle, &state)
                return try run(sql, parameters, &state)
            }
            throw error
        }
    }

    /// Runs a parameterless statement without preparing it.
    func runUnprepared(_ sql: String, _ handle: ConnectionHandle, _ state: inout State) throws -> PostgresResult {
        try send(handle, sql, &state) { PQsendQueryParams(handle.pointer, sql, 0, nil, nil, nil, nil, 1) }
        return try collect(handle, sql, &state)
    }

    /// Calls a `PQsend…` function and flushes what it queued, within the query timeout.
    private func send(_ handle: ConnectionHandle, _ sql: String, _ state: inout State, _ call: () -> Int32) throws {
        guard call() == 1 else { throw lost(handle, sql, &state) }
        let deadline = configuration.queryTimeout.map { ContinuousClock.now + $0 }
        while true {
            let flushed = PQflush(handle.pointer)
            if flushed == 0 { return }
            if flushed < 0 { throw lost(handle, sql, &state) }
            switch SocketWait.wait(handle.socket, writable: true, until: deadline) {
            case .ready:
                if PQconsumeInput(handle.pointer) == 0 { throw lost(handle, sql, &state) }
            case .timedOut, .woken:
                let error = PostgresError(.connectionLost, clientMessage: "the server took no data for \(configuration.queryTimeout ?? .zero)",
                                          query: sql, server: configuration.serverDescription)
                markLost(&state, error)
                throw error
            }
        }
    }

    /// Reads every result of the command sent last; returns the last one or throws the first error.
    /// Past the query timeout it cancels; past the grace after that it gives the connection up.
    func collect(_ handle: ConnectionHandle, _ sql: String, _ state: inout State) throws -> PostgresResult {
        var deadline = configuration.queryTimeout.map { ContinuousClock.now + $0 }
        var canceled = false
        var last: PostgresResult?
        var firstError: PostgresError?
        while true {
            while PQisBusy(handle.pointer) == 1 {
                switch SocketWait.wait(handle.socket, until: deadline) {
                case .ready:
                    if PQconsumeInput(handle.pointer) == 0 { throw lost(handle, sql, &state) }
                case .timedOut, .woken:
                    if !canceled {
                        canceled = true
                        canceller.cancel()
                        deadline = .now + configuration.cancelGrace
                    } else {
                        let error = PostgresError(.connectionLost, clientMessage: "no answer within the query timeout (\(configuration.queryTimeout ?? .zero)) nor to the cancel request after it; the connection was dropped",
                                                  query: sql, server: configuration.serverDescription)
                        markLost(&state, error)
                        throw error
                    }
                }
            }
            guard let pointer = PQgetResult(handle.pointer) else { break }
            let result = ResultHandle(pointer)
            switch PQresultStatus(pointer) {
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                last = PostgresResult(result)
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                // COPY is not supported; end it so the connection stays usable.
                PQputCopyEnd(handle.pointer, "COPY is not supported by KeepsakePostgres")
                firstError = firstError ?? PostgresError(.misuse, clientMessage: "COPY is not supported", query: sql, server: configuration.serverDescription)
            default:
                firstError = firstError ?? serverError(result.pointer, handle, sql)
            }
        }
        drainNotifications(handle, state)
        if handle.isBad {
            var error = firstError ?? PostgresError(.connectionLost, clientMessage: handle.errorMessage, query: sql, server: configuration.serverDescription)
            if error.kind != .connectionLost { error = error.with(kind: .connectionLost) }
            markLost(&state, error)
            throw error
        }
        if let firstError { throw firstError }
        guard let last else {
            throw PostgresError(.misuse, clientMessage: "the statement returned no result", query: sql, server: configuration.serverDescription)
        }
        return last
    }

    /// The error of a failed result, classified by its SQLSTATE.
    private func serverError(_ result: OpaquePointer, _ handle: ConnectionHandle, _ sql: String) -> PostgresError {
        func field(_ code: Character) -> String? {
            guard let value = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
            return String(cString: value)
        }
        let sqlState = field("C")
        let location = [field("F"), field("L"), field("R")].compactMap { $0 }
        let fields = PostgresServerFields(
            severity: field("V") ?? field("S"), message: field("M"), detail: field("D"), hint: field("H"),
            position: field("P").flatMap { Int($0) }, context: field("W"), schemaName: field("s"), tableName: field("t"),
            columnName: field("c"), dataTypeName: field("d"), constraintName: field("n"),
            sourceLocation: location.isEmpty ? nil : location.joined(separator: ":"))
        guard let sqlState else {
            // libpq's own failure (the socket closed under it): no SQLSTATE, only its message.
            let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
            return PostgresError(handle.isBad ? .connectionLost : .other, clientMessage: message, query: sql, server: configuration.serverDescription)
        }
        return PostgresError(.classify(sqlState: sqlState), sqlState: sqlState, serverFields: fields, query: sql, server: configuration.serverDescription)
    }

    /// The error for a connection that failed under a send or a read, after marking it lost.
    private func lost(_ handle: ConnectionHandle, _ sql: String, _ state: inout State) -> PostgresError {
        let error = PostgresError(.connectionLost, clientMessage: handle.errorMessage, query: sql, server: configuration.serverDescription)
        markLost(&state, error)
        return error
    }
}

extension PostgresError {
    /// A prepared statement whose result columns changed since it was prepared (0A000, "cached plan
    /// must not change result type"): preparing it again fixes it.
    var isStalePreparedStatement: Bool {
        sqlState == "0A000" && (serverFields?.message?.contains("cached plan must not change result type") ?? false)
    }
}

/// Calls `body` with libpq's three parameter arrays (values, lengths, formats).
private func withParameterArrays<R>(_ parameters: [PostgresParameter],
                                    _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R) -> R {
    var buffers: [UnsafeMutablePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    for parameter in parameters {
        switch parameter.storage {
        case .null:
            buffers.append(nil); lengths.append(0); formats.append(0)
        case .text(let text):
            buffers.append(strdup(text)); lengths.append(0); formats.append(0)
        case .binary(let bytes, _):
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { memcpy(buffer, base, raw.count) }
            }
            buffers.append(buffer); lengths.append(Int32(bytes.count)); formats.append(1)
        }
    }
    defer {
        for (buffer, format) in zip(buffers, formats) {
            if format == 0 { free(buffer) } else { buffer?.deallocate() }
        }
    }
    let values: [UnsafePointer<CChar>?] = buffers.map { $0.map { UnsafePointer($0) } }
    return values.withUnsafeBufferPointer { values in
        lengths.withUnsafeBufferPointer { lengths in
            formats.withUnsafeBufferPointer { formats in
                body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
            }
        }
    }
}
