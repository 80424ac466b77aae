import Foundation

/// What the threads share: the pool of items they replace, the willSet/didSet trackings any of
/// them may cancel, and the violations.
final class World: @unchecked Sendable {
  // Unchecked: `items` and `trackings` are guarded by their locks.
  let violations = Violations()
  private let itemLock = NSLock()
  private var items: [Item]
  private let trackingLock = NSLock()
  private var trackings: [EventRecord?]

  init(items itemCount: Int, trackings trackingCount: Int) {
    items = (0..<itemCount).map { _ in Item() }
    trackings = Array(repeating: nil, count: trackingCount)
  }

  var itemCount: Int { itemLock.withLock { items.count } }

  /// The item in `slot`, held strongly by the caller.
  func item(_ slot: Int) -> Item {
    itemLock.withLock { items[slot] }
  }

  /// Puts a new item in `slot`; the old one goes away when its last holder lets go, observed
  /// or not.
  func replace(_ slot: Int) {
    let replacement = Item()
    let old = itemLock.withLock { () -> Item in
      let old = items[slot]
      items[slot] = replacement
      return old
    }
    withExtendedLifetime(old) {}
  }

  /// Keeps `record` where any thread may cancel it, in a random place; the record it displaces
  /// is retired (cancelled, if it can be).
  func keep(_ record: EventRecord, at place: Int, in context: Context?) {
    let displaced = trackingLock.withLock { () -> EventRecord? in
      let index = place % trackings.count
      let displaced = trackings[index]
      trackings[index] = record
      return displaced
    }
    displaced?.retire(in: context)
  }

  /// Takes a kept tracking out, to cancel it.
  func takeTracking(at place: Int) -> EventRecord? {
    trackingLock.withLock { () -> EventRecord? in
      let index = place % trackings.count
      let record = trackings[index]
      trackings[index] = nil
      return record
    }
  }

  /// Retires every kept tracking and releases every item: the end of the run.
  func tearDown(in context: Context?) {
    let kept = trackingLock.withLock { () -> [EventRecord?] in
      let kept = trackings
      trackings = trackings.map { _ in nil }
      return kept
    }
    for record in kept { record?.retire(in: context) }
    let released = itemLock.withLock { () -> [Item] in
      let released = items
      items = []
      return released
    }
    withExtendedLifetime(released) {}
  }
}
