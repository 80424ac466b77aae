import Perception

extension Context {
  /// A random choice of willSet and didSet events: one or both.
  private func randomEventOptions() -> PerceptionTracking.Options {
    switch random.below(3) {
    case 0: return [.willSet]
    case 1: return [.didSet]
    default: return [.willSet, .didSet]
    }
  }

  /// An options tracking over one to three shared reads: each event at most once, checked as
  /// it arrives.
  func installSharedOptions() {
    var options = randomEventOptions()
    if random.chance(1, in: 3) { options.insert(.deinit) }
    let reads = 1 + random.below(3)
    let record = OptionsRecord(
      world: world, options: options, cancelsInWillSet: random.chance(1, in: 3),
      property: nil, objects: reads)
    withPerceptionTracking(options: options) {
      for _ in 0..<reads { readShared() }
    } onChange: {
      record.onChange($0)
    }
  }

  /// An options tracking over one property of a private item, which this thread then writes
  /// twice: the first write delivers exactly the events its options name (the didSet
  /// suppressed if the willSet cancels), with `matches` true for that property only, by the
  /// time it returns; the second delivers nothing.
  func checkPrivateOptions() {
    guard !privateItems.isEmpty else { return }
    var options = randomEventOptions()
    if random.chance(1, in: 4) { options.insert(.deinit) }
    let item = privateItems[random.below(privateItems.count)]
    let property = random.below(Item.propertyCount)
    let cancels = options.contains(.willSet) && random.chance(1, in: 3)
    let record = OptionsRecord(
      world: world, options: options, cancelsInWillSet: cancels, property: property,
      objects: 1)
    withPerceptionTracking(options: options) {
      _ = item.value(property)
    } onChange: {
      record.onChange($0)
    }
    let expectedWillSets: UInt32 = options.contains(.willSet) ? 1 : 0
    let expectedDidSets: UInt32 = options.contains(.didSet) && !cancels ? 1 : 0
    for write in ["first", "second"] {
      item.bumpCounted(property)
      checked(.optionsExact)
      let willSets = record.willSets.value
      let didSets = record.didSets.value
      guard willSets != expectedWillSets || didSets != expectedDidSets else { continue }
      world.violations.record(
        .optionsExact,
        "an options tracking (\(describe(options))\(cancels ? ", cancelling in willSet" : "")) "
          + "of property \(["a", "b", "c"][property]) of a private item got \(willSets) willSet and "
          + "\(didSets) didSet by the time thread \(index)'s \(write) write returned "
          + "(expected \(expectedWillSets) and \(expectedDidSets))")
      return
    }
  }

  /// An options tracking with `.deinit` over one property of an object only this thread
  /// holds, released without a write: exactly one `.deinit` by the time the release returns
  /// (its `matches` false, checked as it arrives).
  func checkDeinitOptions() {
    var options: PerceptionTracking.Options = [.deinit]
    if random.chance(1, in: 2) { options.formUnion(randomEventOptions()) }
    let property = random.below(Item.propertyCount)
    var item: Item? = Item()
    let record = OptionsRecord(
      world: world, options: options, cancelsInWillSet: false, property: property, objects: 1)
    withPerceptionTracking(options: options) {
      _ = item!.value(property)
    } onChange: {
      record.onChange($0)
    }
    item = nil
    checked(.deinitExactlyOnce)
    let deinits = record.deinits.value
    if deinits != 1 || record.willSets.value != 0 || record.didSets.value != 0 {
      world.violations.record(
        .deinitExactlyOnce,
        "an options tracking (\(describe(options))) of an object thread \(index) released got "
          + "\(deinits) deinit, \(record.willSets.value) willSet and \(record.didSets.value) "
          + "didSet events by the time the release returned (expected 1, 0 and 0)")
    }
    withExtendedLifetime(item) {}
  }
}
