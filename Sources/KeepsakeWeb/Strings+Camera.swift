extension Strings {
    /// The button that opens the phone's camera on a compose form (beside the one that picks photos).
    var takePhoto: String { pick("Take a photo", "사진 찍기") }
    /// The same for a transaction's receipt.
    var photographReceipt: String { pick("Photograph the receipt", "영수증 찍기") }
}
