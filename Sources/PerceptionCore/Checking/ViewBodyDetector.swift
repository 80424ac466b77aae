/// Tells whether a read is in a view body a render engine is evaluating: whether, between it
/// and the engine's innermost frame, a frame is a `body` getter (or a closure in one) of a type
/// other than the one read. Naming frames is slow, so the verdict is cached per stack. What it
/// looks for rests on SwiftUI's and Swift's internals: Interop/SwiftUIViewBodies.swift.
final class ViewBodyDetector: @unchecked Sendable {
  // Sendable: `verdicts` is only touched under `lock`.
  enum Verdict: Equatable {
    case outside
    case inside(viewBody: String)
  }

  let isRenderEngine: @Sendable (CallStack.Frame) -> Bool

  /// By a hash of the stack: a collision is far rarer than the heuristic's own mistakes.
  private var verdicts: [Int: Verdict] = [:]
  private let lock = Lock()

  /// Past it the cache starts over, so stacks that never repeat cannot grow it.
  static let cacheLimit = 4096

  init(isRenderEngine: @escaping @Sendable (CallStack.Frame) -> Bool) {
    self.isRenderEngine = isRenderEngine
  }

  func verdictForCurrentStack(readType: Any.Type) -> Verdict {
    CallStack.withFrames { frames in
      guard !frames.isEmpty else { return .outside }
      var hasher = Hasher()
      for address in frames { hasher.combine(address) }
      let key = hasher.finalize()
      if let known = lock.withLock({ verdicts[key] }) { return known }
      // Outside the lock: naming frames is slow, and two threads judging one stack agree.
      let verdict = judge(frames, readType: String(describing: readType))
      lock.withLock {
        if verdicts.count >= ViewBodyDetector.cacheLimit {
          verdicts.removeAll(keepingCapacity: true)
        }
        verdicts[key] = verdict
      }
      return verdict
    }
  }

  private func judge(
    _ frames: UnsafeBufferPointer<UnsafeMutableRawPointer?>, readType: String
  ) -> Verdict {
    var viewBody: String?
    for case let address? in frames {
      let frame = CallStack.describe(address)
      if isRenderEngine(frame) {
        return viewBody.map { .inside(viewBody: $0) } ?? .outside
      }
      if viewBody == nil, let symbol = frame.symbol, ViewBodyDetector.mayBeBody(symbol) {
        viewBody = ViewBodyDetector.viewBody(
          demangled: CallStack.demangle(symbol), readType: readType)
      }
    }
    return .outside
  }
}
