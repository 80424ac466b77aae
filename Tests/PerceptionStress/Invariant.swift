import Foundation

/// What the stress test checks, exactly, every time the situation arises.
enum Invariant: Int, CaseIterable {
  /// Every one-shot `onChange` fires at most once. Checked on every call.
  case oneShotAtMostOnce
  /// A one-shot that tracked one property of an object the thread holds fires exactly once by
  /// the time the thread's own write of a new value to that property returns. Checked on every
  /// such write.
  case oneShotExactlyOnce
  /// No willSet/didSet callback starts after the `cancel()` that cancelled it returned.
  /// Checked on every callback.
  case noCallbackAfterCancel
  /// A willSet/didSet tracking of properties only its thread writes gets exactly one willSet
  /// and one didSet per write. Checked after every such write, for every such tracking.
  case oncePerMutation
  /// An options tracking gets only the event kinds its options name, each willSet and didSet
  /// at most once, at most one `.deinit` per object read, and `matches` is false for every
  /// `.deinit` (and, over one property, true for that property only). Checked on every event.
  case optionsAtMostOnce
  /// An options tracking of one property of a private item gets exactly its willSet and/or
  /// didSet by the time the thread's first write returns (no didSet if the willSet cancelled),
  /// and nothing from a second write. Checked after both writes.
  case optionsExact
  /// An options tracking with `.deinit` of an object released without a write gets exactly
  /// one `.deinit`, and nothing else, by the time the release returns. Checked on every such
  /// release.
  case deinitExactlyOnce
  /// A continuous tracking's closure gets `.initial` first and then only the kinds its options
  /// name (`matches` true for the property written); after its own `event.cancel()` returned
  /// it is never called again; after the token's `cancel()` or drop returned on a stress
  /// thread (not its isolation) at most the call already under way starts; and its closure
  /// is released. Checked once per tracking, when it ends.
  case continuousAfterCancel
  /// A one-shot over one property of a shared item fires once any write of that property that
  /// began after its read, by whatever thread, has returned, or by the end of its setup,
  /// whichever is later (issue 53). Checked at the end of each such setup, and after each
  /// top-level write of a property such a one-shot waits on.
  case crossThreadWrite
  /// Every `Perceptions` iterator over a shared property ends, once the writers stop, on that
  /// property's final value. Checked once per iterator, at the end.
  case perceptionsLastElement
  /// At the end, no observer, observer table or registration is alive. Checked once per
  /// counter, in debug builds of the runtime on its own engine.
  case nothingLeftAlive

  var title: String {
    switch self {
    case .oneShotAtMostOnce: return "one-shot onChange fires at most once"
    case .oneShotExactlyOnce: return "one-shot fires exactly once by the time its write returns"
    case .noCallbackAfterCancel: return "no willSet/didSet starts after cancel() returned"
    case .oncePerMutation: return "one willSet and one didSet per tracking per write"
    case .optionsAtMostOnce: return "options tracking: named kinds, each at most once"
    case .optionsExact: return "options tracking: exact events by the time a write returns"
    case .deinitExactlyOnce: return "options tracking: one deinit by the time a release returns"
    case .continuousAfterCancel: return "continuous tracking: right events, none after cancel"
    case .crossThreadWrite: return "a write from any thread after a read fires the one-shot"
    case .perceptionsLastElement: return "Perceptions ends on the final value once writes stop"
    case .nothingLeftAlive: return "no observer, table or registration alive at the end"
    }
  }
}

/// The violations of a run, from every thread: counted, and the first few described.
final class Violations: @unchecked Sendable {
  // Unchecked: every field is guarded by `lock`.
  private let lock = NSLock()
  private var counts = [Int](repeating: 0, count: Invariant.allCases.count)
  private var messages: [String] = []
  private static let maxMessages = 20

  func record(_ invariant: Invariant, _ message: @autoclosure () -> String) {
    let text = "\(invariant): \(message())"
    let isNew = lock.withLock {
      counts[invariant.rawValue] += 1
      guard messages.count < Self.maxMessages else { return false }
      messages.append(text)
      return true
    }
    if isNew { FileHandle.standardError.write(Data("VIOLATION \(text)\n".utf8)) }
  }

  func count(_ invariant: Invariant) -> Int { lock.withLock { counts[invariant.rawValue] } }
}
