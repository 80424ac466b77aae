#if canImport(os)
  import os
#endif
#if canImport(Darwin)
  import Darwin
#endif

// Interop entry: an Xcode runtime issue.
// - Depends on: Xcode showing, in its Issue navigator, a fault logged to the undocumented
//   `com.apple.runtime-issues` subsystem by SwiftUI's image, found among the loaded images with
//   `_dyld_image_count`, `_dyld_get_image_name` and `_dyld_get_image_header` (Darwin's
//   `mach-o/dyld.h`) by its path's `/SwiftUI` suffix. No Apple documentation describes it; it is
//   the mechanism Point-Free's "Unobtrusive runtime warnings for libraries" (2022) described
//   and IssueReporting's `RuntimeWarningReporter` uses. Not checked here: no Apple machine;
//   `.ci/apple-targets.sh` typechecks it against `os` and `Darwin` stand-ins
//   (Tests/AppleTargets/Platform), which model the SDK's declarations.
// - Missing (no SwiftUI image loaded: the fault is logged for this module's image, which Xcode
//   may not show; an Xcode that ignores the subsystem: an ordinary fault in the log; no `os`,
//   as on Linux, or `PERCEPTION_INTEROP=0`: nothing): the report is on standard error anyway
//   (`RuntimeReporter`).
// - Tested: on Apple platforms only, and no test here runs there; the switch's guard is the
//   first line of `post`.

/// An Xcode runtime issue: a fault logged to `com.apple.runtime-issues` on behalf of SwiftUI's
/// image, which Xcode shows in its Issue navigator; nothing where `os` cannot be imported or
/// the interop switch is off.
enum RuntimeIssue {
  static func post(_ message: String, category: String) {
    #if canImport(os)
      guard InteropSwitch.isEnabled else { return }
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
