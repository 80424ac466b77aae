/// Tells, from the stack, whether a read happens in a view body that a render engine is
/// evaluating, and remembers the answer for each distinct stack.
///
/// A read is in a view body when, between it and the innermost frame of the render engine
/// (SwiftUI's AttributeGraph), some frame is a `body` getter or a closure in one, of a type
/// other than the one being read. So the reads of a body or a lazy container's row closure
/// count; those of an action closure, an `onAppear` or `updateUIView` do not.
///
/// Naming frames is slow (a symbol-table search each), so the verdict is cached per stack.
final class ViewBodyDetector: @unchecked Sendable {
  // Sendable: `verdicts` is only touched under `lock`.

  enum Verdict: Equatable {
    case outside
    /// In the body of a view, named like `ContentView.body`.
    case inside(viewBody: String)
  }

  /// Whether a frame belongs to the render engine.
  let isRenderEngine: @Sendable (CallStack.Frame) -> Bool

  /// The verdicts so far, by a hash of the stack's return addresses. Two stacks with one
  /// 64-bit hash would share a verdict, a chance far below any other mistake of the heuristic.
  private var verdicts: [Int: Verdict] = [:]
  private let lock = Lock()

  /// Distinct stacks remembered at most; past it the cache starts over, so that a program
  /// whose stacks never repeat (deep recursion) cannot grow it without bound.
  static let cacheLimit = 4096

  init(isRenderEngine: @escaping @Sendable (CallStack.Frame) -> Bool) {
    self.isRenderEngine = isRenderEngine
  }

  /// The verdict for the calling thread's stack, on a read of a property of `readType`, which
  /// is named only when the stack is judged.
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

  /// Names the frames from the innermost out, up to the render engine's first.
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

  /// Whether a mangled name is a Swift symbol that mentions an entity named `body`: the cheap
  /// test before demangling.
  static func mayBeBody(_ symbol: String) -> Bool {
    (symbol.hasPrefix("$s") || symbol.hasPrefix("_$s"))
      && Substring(symbol).firstRange(matching: "4body") != nil
  }

  /// `View.body` for a demangled `body` getter, or a closure in one, of a type other than
  /// `readType` (whose own property named `body` is not a view body); nil otherwise.
  ///
  /// Demangled names read `Module.ContentView.body.getter : some`, with prefixes such as
  /// `closure #1 () -> ... in ` or `generic specialization <...> of `.
  static func viewBody(demangled: String, readType: String) -> String? {
    let name = Substring(demangled)
    guard let getter = name.firstRange(matching: ".body.getter"),
      let qualifiedType = name[..<getter.lowerBound].split(separator: " ").last
    else { return nil }
    if qualifiedType == readType || qualifiedType.hasSuffix("." + readType) { return nil }
    // Without the module: `ContentView.body` is what a developer searches for.
    let components = qualifiedType.split(separator: ".", maxSplits: 1)
    let typeName = components.count == 2 ? components[1] : components[0]
    return "\(typeName).body"
  }
}
