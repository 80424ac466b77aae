// The standard library's `firstRange(of:)` needs iOS 16 and macOS 13.
extension Substring {
  func firstRange(matching needle: String) -> Range<Index>? {
    var start = startIndex
    while start < endIndex {
      if self[start...].hasPrefix(needle) { return start..<index(start, offsetBy: needle.count) }
      start = index(after: start)
    }
    return nil
  }

  func lastRange(matching needle: String) -> Range<Index>? {
    var start = endIndex
    while start > startIndex {
      start = index(before: start)
      if self[start...].hasPrefix(needle) { return start..<index(start, offsetBy: needle.count) }
    }
    return nil
  }
}
