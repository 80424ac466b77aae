#if canImport(os)
  import os
#endif
#if canImport(Darwin)
  import Darwin
#endif

/// An Xcode runtime issue: a fault logged to `com.apple.runtime-issues` on behalf of SwiftUI's
/// image, which Xcode shows in its Issue navigator; nothing where `os` cannot be imported.
enum RuntimeIssue {
  static func post(_ message: String, category: String) {
    #if canImport(os)
      message.withCString { text in
        os_log(
          .fault, dso: owner, log: OSLog(subsystem: "com.apple.runtime-issues", category: category),
          "%{public}s", text)
      }
    #endif
  }

  #if canImport(os)
    /// SwiftUI's image, whose faults Xcode shows (IssueReporting's RuntimeWarningReporter finds
    /// it the same way), else this module's. Unchecked: an image's address, never written to.
    nonisolated(unsafe) private static let owner: UnsafeRawPointer = {
      for index in 0..<_dyld_image_count() {
        guard let name = _dyld_get_image_name(index), String(cString: name).hasSuffix("/SwiftUI"),
          let header = _dyld_get_image_header(index)
        else { continue }
        return UnsafeRawPointer(header)
      }
      return #dsohandle
    }()
  #endif
}
