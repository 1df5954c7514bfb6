extension HTTPServer {
    /// Runs `wait` without holding a handler thread: for an `async` handler that waits for
    /// something to happen (a long poll waiting for a change), so that any number of waiting
    /// requests cost no thread and never delay other requests.
    ///
    /// From the call on, the handler's pool thread is free for other requests and the rest of the
    /// handler (the waiting and what follows it) runs on the server's task executor, outside the
    /// pool's limit of ``Configuration/maxConcurrentHandlers``: park only to wait, and keep what
    /// follows light. Outside a handler of an ``HTTPServer`` (a test calling a handler directly) it
    /// just runs `wait`.
    public static func park<Value>(_ wait: () async throws -> Value) async rethrows -> Value {
        HandlerTicket.current?.release()
        return try await wait()
    }
}

extension HTTPServer {
    /// The executor the tasks of `async` handlers run on (Dispatch threads, never Swift's
    /// cooperative pool): for work a handler starts that may block, such as a watcher that reads a
    /// store for parked requests.
    public static var taskExecutor: any TaskExecutor { AsyncBridge.executor }
}
