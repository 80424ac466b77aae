import Perception

/// One kind of step a stress thread takes, with how often it is taken.
///
/// A new kind of tracking is one more case: its weight, and its branch in `Context.perform`
/// (options tracking and continuous tracking, issue 11, came that way).
enum Operation: Int, CaseIterable {
  /// Read a shared item outside any tracking scope.
  case read
  /// Write a new value to a shared item.
  case write
  /// Replace a shared item: the old one goes away while others may observe it.
  case replace
  /// A one-shot `onChange` over one to three shared reads.
  case oneShot
  /// A one-shot over one property of an item this thread holds, to be written later.
  case oneShotExact
  /// Write the property of a pending one-shot; it must have fired exactly once.
  case verifyOneShot
  /// willSet and/or didSet over one to three shared reads, cancellable by any thread.
  case events
  /// willSet and/or didSet over private reads, counted exactly.
  case eventsPrivate
  /// Write a private item, then check every private tracking's count.
  case writePrivate
  /// Cancel a tracking that any thread installed.
  case cancelShared
  /// Cancel one of this thread's private trackings.
  case cancelPrivate
  /// Two or three nested scopes of mixed kinds.
  case nested
  /// A scope whose object is released before the scope ends.
  case releaseInScope
  /// Replace a private item, with its trackings.
  case replacePrivate
  /// An options tracking (willSet and/or didSet, perhaps deinit) over shared reads.
  case optionsShared
  /// An options tracking over a private property, then two writes of it, counted exactly.
  case optionsPrivate
  /// An options tracking with deinit over an object released at once, counted exactly.
  case optionsDeinit
  /// Start a continuous tracking of a fresh object, write it, or end one and check it.
  case continuous
  /// A one-shot over one property of a shared item, which other threads write: it must have
  /// fired by the end of its setup if one did after its read, else by the next write's return.
  case crossThreadOneShot

  var weight: Int {
    switch self {
    case .read: return 6
    case .write: return 14
    case .replace: return 3
    case .oneShot: return 10
    case .oneShotExact: return 6
    case .verifyOneShot: return 6
    case .events: return 8
    case .eventsPrivate: return 4
    case .writePrivate: return 10
    case .cancelShared: return 6
    case .cancelPrivate: return 2
    case .nested: return 5
    case .releaseInScope: return 3
    case .replacePrivate: return 1
    case .optionsShared: return 6
    case .optionsPrivate: return 4
    case .optionsDeinit: return 2
    case .continuous: return 1
    case .crossThreadOneShot: return 6
    }
  }

  /// Every case, repeated by weight: a uniform pick from it is a weighted pick.
  static let weighted: [Operation] = allCases.flatMap { Array(repeating: $0, count: $0.weight) }
}

/// The three willSet/didSet variants of `withPerceptionTracking`.
enum EventKinds: CaseIterable {
  case willSet, didSet, both

  var hasWillSet: Bool { self != .didSet }
  var hasDidSet: Bool { self != .willSet }
}

extension Context {
  /// Takes one top-level step.
  func performNext() {
    operation &+= 1
    let next = Operation.weighted[random.below(Operation.weighted.count)]
    currentOperation.store(UInt32(next.rawValue))
    perform(next)
    performed[next.rawValue] += 1
    heartbeat.increment()
  }

  func perform(_ operation: Operation) {
    switch operation {
    case .read:
      readShared()
    case .write:
      writeShared()
    case .replace:
      world.replace(random.below(world.itemCount))
    case .oneShot:
      let reads = 1 + random.below(3)
      installOneShot { for _ in 0..<reads { readShared() } }
    case .oneShotExact:
      installExactOneShot()
    case .verifyOneShot:
      verifyOneShot()
    case .events:
      let reads = 1 + random.below(3)
      installEvents { for _ in 0..<reads { readShared() } }
    case .eventsPrivate:
      installPrivateEvents()
    case .writePrivate:
      writePrivate()
      checkPrivateCounts()
    case .cancelShared:
      world.takeTracking(at: random.below(1 << 16))?.retire(in: self)
    case .cancelPrivate:
      if !privateTrackings.isEmpty {
        privateTrackings.remove(at: random.below(privateTrackings.count)).retire(in: self)
      }
    case .nested:
      nestedScopes(levels: 2 + random.below(2))
    case .releaseInScope:
      releaseInScope()
    case .replacePrivate:
      // The old item is released after the assignment, as in `finish()`.
      let index = random.below(privateItems.count)
      let replaced = privateItems[index]
      privateItems[index] = Item()
      withExtendedLifetime(replaced) {}
    case .optionsShared:
      installSharedOptions()
    case .optionsPrivate:
      checkPrivateOptions()
    case .optionsDeinit:
      checkDeinitOptions()
    case .continuous:
      stepContinuous()
    case .crossThreadOneShot:
      crossThreadOneShot()
    }
  }

  /// A one-shot over what `reads` reads; checked for firing at most once.
  func installOneShot(_ reads: () -> Void) {
    let record = OneShotRecord(world: world)
    withPerceptionTracking(reads, onChange: { record.onChange() })
  }

  /// A willSet/didSet tracking over what `reads` reads, kept where any thread may cancel it.
  func installEvents(_ reads: () -> Void) {
    let record = EventRecord(world: world)
    install(record, kinds: EventKinds.allCases[random.below(3)], reads)
    world.keep(record, at: random.below(1 << 16), in: self)
  }

  private func install(_ record: EventRecord, kinds: EventKinds, _ reads: () -> Void) {
    switch kinds {
    case .willSet:
      withPerceptionTracking(reads, willSet: { record.deliver(willSet: true, $0) })
    case .didSet:
      withPerceptionTracking(reads, didSet: { record.deliver(willSet: false, $0) })
    case .both:
      withPerceptionTracking(
        reads, willSet: { record.deliver(willSet: true, $0) },
        didSet: { record.deliver(willSet: false, $0) })
    }
  }

  private func installExactOneShot() {
    if pendingOneShots.count == Context.maxPending { verifyOneShot(at: 0) }
    let shared = random.chance(1, in: 2)
    let item =
      shared
      ? world.item(random.below(world.itemCount))
      : privateItems[random.below(privateItems.count)]
    let property = random.below(Item.propertyCount)
    let record = OneShotRecord(world: world)
    withPerceptionTracking {
      if shared {
        withLock(of: item, property) { _ = item.value(property) }
      } else {
        _ = item.value(property)
      }
    } onChange: {
      record.onChange()
    }
    pendingOneShots.append((record, item, property, shared))
  }

  private func verifyOneShot() {
    guard !pendingOneShots.isEmpty else { return }
    verifyOneShot(at: random.below(pendingOneShots.count))
  }

  /// Writes a new value to the property a pending one-shot tracked. Every other writer of that
  /// property holds its lock while its callbacks run, so once this write returns, the one-shot
  /// has run exactly once, here or earlier.
  private func verifyOneShot(at index: Int) {
    let (record, item, property, shared) = pendingOneShots.remove(at: index)
    if shared {
      withLock(of: item, property) {
        item.bump(property)
        checkAwaitingWrite(item, property)
      }
    } else {
      item.bumpCounted(property)
    }
    checked(.oneShotExactlyOnce)
    let fired = record.fired.value
    if fired != 1 {
      world.violations.record(
        .oneShotExactlyOnce,
        "a one-shot over \(Item.keyPath(property)) of a \(shared ? "shared" : "private") item "
          + "fired \(fired) times after thread \(self.index) wrote it")
    }
  }

  private func installPrivateEvents() {
    if privateTrackings.count == Context.maxPending {
      privateTrackings.removeFirst().retire(in: self)
    }
    var reads: [(Item, Int)] = []
    for _ in 0..<(1 + random.below(2)) {
      let item = privateItems[random.below(privateItems.count)]
      let property = random.below(Item.propertyCount)
      if !reads.contains(where: { $0.0 === item && $0.1 == property }) {
        reads.append((item, property))
      }
    }
    let kinds = EventKinds.allCases[random.below(3)]
    let record = EventRecord(
      world: world,
      exact: ExactCount(reads: reads, hasWillSet: kinds.hasWillSet, hasDidSet: kinds.hasDidSet))
    install(record, kinds: kinds) {
      for (item, property) in reads { _ = item.value(property) }
    }
    privateTrackings.append(record)
  }

  /// Compares every live private tracking's callbacks with the writes it saw.
  private func checkPrivateCounts() {
    for record in privateTrackings where !record.isCancelled {
      guard let exact = record.exact, let writes = exact.writesSinceInstalled else { continue }
      checked(.oncePerMutation)
      let willSets = Int(record.willSets.value)
      let didSets = Int(record.didSets.value)
      let expectedWillSets = exact.hasWillSet ? writes : 0
      let expectedDidSets = exact.hasDidSet ? writes : 0
      if willSets != expectedWillSets || didSets != expectedDidSets {
        world.violations.record(
          .oncePerMutation,
          "a tracking of private items got \(willSets) willSet and \(didSets) didSet for "
            + "\(writes) writes (expected \(expectedWillSets) and \(expectedDidSets))")
        // Reported once: it is no longer counted.
        record.retire(in: self)
        privateTrackings.removeAll { $0 === record }
        return
      }
    }
  }

  /// Scopes nested `levels` deep, each a one-shot or a willSet/didSet tracking, reading shared
  /// items before and after the scope inside it.
  private func nestedScopes(levels: Int) {
    let body = {
      self.readShared()
      if levels > 1 { self.nestedScopes(levels: levels - 1) }
      self.readShared()
    }
    if random.chance(1, in: 2) {
      installOneShot(body)
    } else {
      installEvents(body)
    }
  }

  /// A scope that reads a shared item, replaces it (so it may be released while the scope is
  /// still open, its registrar kept only by the scope), and reads another.
  private func releaseInScope() {
    let slot = random.below(world.itemCount)
    let property = random.below(Item.propertyCount)
    let body = {
      var item: Item? = self.world.item(slot)
      self.withLock(of: item!, property) { _ = item!.value(property) }
      self.world.replace(slot)
      item = nil
      self.readShared()
    }
    if random.chance(1, in: 2) {
      installOneShot(body)
    } else {
      installEvents(body)
    }
  }
}
