/// Checking of unwrapped SwiftUI bodies, where Perception's engine runs: no code of ours runs
/// around them, so the main thread's slot carries `CheckingSlot.viewBodies` for good, and an
/// untracked read there asks `ViewBodyDetector` whether it is in a view body
/// (`platformDetector` and what it looks for: Interop/SwiftUIViewBodies.swift).
enum ViewBodyChecking {
  /// For tests.
  @TaskLocal static var detectorOverride: ViewBodyDetector?

  /// `.outside` when the interop switch is off, with the tests' detector too: what every
  /// detector looks for is SwiftUI's and Swift's internals.
  static func verdict(readType: Any.Type) -> ViewBodyDetector.Verdict {
    guard InteropSwitch.isEnabled, let detector = detectorOverride ?? platformDetector else {
      return .outside
    }
    return detector.verdictForCurrentStack(readType: readType)
  }

  /// Called by each registrar's init on Perception's runtime, before any read of its object.
  @inline(__always)
  static func watchMainThreadIfNeeded() {
    guard DebugBuild.isActive, Platform.hasSwiftUIRenderEngine else { return }
    watchThread(ifMain: CurrentThread.isMain)
  }

  /// Only a thread in no scope or checked context is marked: their end would undo the mark.
  static func watchThread(ifMain isMain: Bool) {
    guard isMain, ThreadLocal.slot == 0, CheckingSwitch.shared.isEnabled else { return }
    ThreadLocal.slot = CheckingSlot.viewBodies
  }
}
