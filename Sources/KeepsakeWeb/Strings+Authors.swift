extension Strings {
    /// "by NAME": who entered a record of a shared book (shown for others' records, not one's own).
    func byAuthor(_ name: String) -> String { pick("by \(name)", "\(name) 작성") }
    /// Who entered a record, when that account is no longer a member of the record's book.
    var formerMember: String { pick("a former member", "전 구성원") }
    /// The heading of the ledger's "who entered it" column.
    var enteredBy: String { pick("Entered by", "입력한 사람") }
}
