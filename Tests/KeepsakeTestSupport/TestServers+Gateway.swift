extension TestServers {
    /// Starts (or starts again) a radosgw of its own on the test cluster, `rgw.<name>`, for a test
    /// that kills it: same user and bucket as the shared one, another port, so killing it disturbs
    /// no other test. Returns its endpoint (`http://127.0.0.1:PORT`).
    public static func startPrivateGateway(_ name: String) throws -> String {
        try runScript("ceph", ["gateway", name])
    }

    /// SIGKILLs the private gateway `rgw.<name>` and waits until it is gone.
    public static func killPrivateGateway(_ name: String) throws {
        try runScript("ceph", ["kill", "rgw.\(name)"])
    }
}
