extension KeyedArchiveCode {
    public var explanation: String { "" }
}
