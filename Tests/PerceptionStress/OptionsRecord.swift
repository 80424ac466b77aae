import Perception

/// One `withPerceptionTracking(options:_:onChange:)` call: the events it received, checked as
/// they arrive against what its options allow.
final class OptionsRecord: @unchecked Sendable {
  // Unchecked: the counters are atomic, the rest immutable.
  let willSets = AtomicWord()
  let didSets = AtomicWord()
  let deinits = AtomicWord()
  /// Events whose `matches` answered wrongly: true for a `.deinit`, or, for a tracking of one
  /// known property, false for that property or true for another.
  let wrongMatches = AtomicWord()
  let options: PerceptionTracking.Options
  /// Whether the willSet calls `event.cancel()`, which must suppress its didSet.
  let cancelsInWillSet: Bool
  /// The one property the tracking read, when it read only one.
  let property: Int?
  /// How many objects the tracking read: the most `.deinit` events it may get.
  let objects: Int
  let world: World

  init(
    world: World, options: PerceptionTracking.Options, cancelsInWillSet: Bool,
    property: Int?, objects: Int
  ) {
    self.world = world
    self.options = options
    self.cancelsInWillSet = cancelsInWillSet
    self.property = property
    self.objects = objects
  }

  /// Its `onChange`.
  func onChange(_ event: borrowing PerceptionTracking.Event) {
    let context = Context.current
    let kind = event.kind
    if kind == .deinit {
      deinits.increment()
      if event.matches(\Item.a) || event.matches(\Item.b) || event.matches(\Item.c) {
        wrongMatches.increment()
      }
    } else if kind == .willSet || kind == .didSet {
      (kind == .willSet ? willSets : didSets).increment()
      if let property {
        for other in 0..<Item.propertyCount
        where event.matches(Item.keyPath(other)) != (other == property) {
          wrongMatches.increment()
        }
      }
    }
    checkAtMostOnce(context, kind)
    if kind == .willSet && cancelsInWillSet { event.cancel() }
    context?.inCallback { $0.reenter(cancelling: nil) }
  }

  /// Each event kind the options name arrives at most once (a `.deinit` at most once per
  /// object read), only kinds the options name arrive, and no `.deinit` matches a property.
  private func checkAtMostOnce(_ context: Context?, _ kind: PerceptionTracking.Event.Kind) {
    context?.checked(.optionsAtMostOnce)
    let problem: String?
    if kind == .willSet && !options.contains(.willSet)
      || kind == .didSet
        && !options.contains(.didSet)
      || kind == .deinit && !options.contains(.deinit)
      || kind == .initial
    {
      problem = "an event of a kind its options do not name"
    } else if willSets.value > 1 || didSets.value > 1 {
      problem = "\(willSets.value) willSet and \(didSets.value) didSet events"
    } else if deinits.value > UInt32(objects) {
      problem = "\(deinits.value) deinit events for \(objects) objects read"
    } else if wrongMatches.value != 0 {
      problem = "matches(_:) answered wrongly \(wrongMatches.value) times"
    } else {
      problem = nil
    }
    guard let problem else { return }
    world.violations.record(
      .optionsAtMostOnce,
      "an options tracking (\(describe(options))) got \(problem) (thread \(context?.index ?? -1))"
    )
  }
}

/// The options, for messages.
func describe(_ options: PerceptionTracking.Options) -> String {
  var names: [String] = []
  if options.contains(.willSet) { names.append("willSet") }
  if options.contains(.didSet) { names.append("didSet") }
  if options.contains(.deinit) { names.append("deinit") }
  return "[" + names.joined(separator: ", ") + "]"
}
