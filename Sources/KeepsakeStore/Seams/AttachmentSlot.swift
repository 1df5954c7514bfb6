/// One position of a record's new ordered image list.
public enum AttachmentSlot: Sendable, Hashable {
    /// An image the record already has, by attachment id.
    case existing(Int64)
    /// A new image row.
    case new(NewAttachment)
}
