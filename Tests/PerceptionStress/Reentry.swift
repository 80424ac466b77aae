/// What a callback does besides counting, on the thread it runs on: reads, writes and new
/// tracking from inside callbacks, and cancellation from inside them.
enum Reentry: CaseIterable {
  case nothing, readShared, writeShared, writePrivate, oneShot, events, cancelSelf, cancelOther

  var weight: Int {
    switch self {
    case .nothing: return 12
    case .readShared, .writeShared, .writePrivate, .oneShot, .events: return 2
    case .cancelSelf: return 3
    case .cancelOther: return 2
    }
  }

  static let weighted: [Reentry] = allCases.flatMap { Array(repeating: $0, count: $0.weight) }
}

extension Context {
  /// A callback's extra work; `record` is the tracking it was called for, if it can be
  /// cancelled.
  func reenter(cancelling record: EventRecord?) {
    guard depth <= Context.maxDepth else { return }
    switch Reentry.weighted[random.below(Reentry.weighted.count)] {
    case .nothing:
      break
    case .readShared:
      readShared()
    case .writeShared:
      writeShared()
    case .writePrivate:
      writePrivate()
    case .oneShot:
      installOneShot { readShared() }
    case .events:
      installEvents { readShared() }
    case .cancelSelf:
      record?.cancel(in: self)
    case .cancelOther:
      world.takeTracking(at: random.below(1 << 16))?.retire(in: self)
    }
  }
}
