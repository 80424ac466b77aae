import CPerceptionRuntime

/// What a native tracking's setup must hear where the system's Observation, before Swift 6.4
/// (swiftlang/swift#86719), installs a tracking only once its `apply` has returned: a write from
/// another thread whose store follows the tracking's read and whose willSet comes before that
/// installation reaches no observer of Observation's.
///
/// The protocol, with each object's stripe of `perception_native_window.h`:
/// - A scope beside Observation's tracking (`TrackingScope.runBesideObservation`) opens a setup
///   at its first read of each object, before the value is read, and closes it at its end.
/// - A write counts itself in progress from before its willSet to after its didSet
///   (`withMutation` and the generated accessors; a hand-written `willSet` may come alone, and
///   is not counted). After its store, before Observation's didSet, under `lock`: while a setup
///   is open in its stripe it logs the object, the property, its thread and a mark, and while
///   checks wait there it hands its change to those of its object and property.
/// - Once Observation has installed the tracking, `check`, under `lock`, looks in the log for a
///   write by another thread, since the scope's first mark, to a property the scope read, and
///   delivers it on the tracking's thread. A tracking that hears willSets only hears no didSet
///   from Observation: if a write is in progress in an object's stripe then, the check also
///   waits there for one to a property read, until the stripe has no write in progress.
///
/// Nothing is lost: a write whose store follows the read counted itself before its willSet. If
/// that willSet followed the installation, Observation delivers it; otherwise the count came
/// before the installation, so the check sees the write in progress (a willSet-only tracking
/// then waits for it, and one with didSets hears its didSet from Observation) or finished, and
/// then sees its log, which its section under `lock` wrote before the count was dropped.
/// Nothing fires twice: the callbacks the check reaches are one-shot (`OnChangeOnce`, an
/// observer's state), but for a `.events` tracking, which may hear a write of its setup from
/// the check and its didSet again from Observation: one event more, never one fewer.
@usableFromInline
enum NativeSetupWindow {
  /// A logged write.
  private struct Write {
    let stripe: UnsafeMutableRawPointer
    let object: ObjectIdentifier
    let property: UnsafeRawPointer
    let thread: UInt
    var mark: UInt64
  }

  /// A check waiting for a write in progress to one of its object's properties. It holds the
  /// object weakly: no other object can match it, and its release is not delayed. A writer
  /// compares `id` first, so that it loads the weak reference only for its own object, which it
  /// keeps alive: the reference it loads is never the last, and no deinit runs under `lock`.
  private struct Waiting {
    let id: ObjectIdentifier
    weak var object: AnyObject?
    let stripe: UnsafeMutableRawPointer
    let properties: [UnsafeRawPointer]
    let thread: UInt
    let deliver: @Sendable (UnsafeRawPointer) -> Void
  }

  private static let lock = Lock()
  // Guarded by `lock`, which also rules out the conflicting accesses Swift would check.
  @exclusivity(unchecked) nonisolated(unsafe) private static var log: [Write] = []
  @exclusivity(unchecked) nonisolated(unsafe) private static var waiting: [Waiting] = []

  @inlinable @inline(__always)
  static func stripe(of box: AnyObject) -> UnsafeMutableRawPointer {
    perception_native_stripe_of(Unmanaged.passUnretained(box).toOpaque())
  }

  // Writers.

  /// Before a counted write's willSet.
  @inlinable @inline(__always)
  static func writeBegins(_ box: AnyObject) {
    perception_native_write_begin(stripe(of: box))
  }

  /// After a write's store, before Observation's didSet.
  @inlinable @inline(__always)
  static func writeStored(of box: AnyObject, _ keyPath: AnyKeyPath) {
    if _slowPath(perception_native_write_stored_is_slow(stripe(of: box))) {
      stored(box, keyPath)
    }
  }

  /// After a counted write's didSet; the stripe's last write in progress releases its checks.
  @inlinable @inline(__always)
  static func writeEnds(_ box: AnyObject) {
    let stripe = stripe(of: box)
    if _slowPath(perception_native_write_end(stripe)) { stopWaiting(in: stripe) }
  }

  /// Logs the write for the setups open in its stripe, and hands it to the checks waiting
  /// for it, on this thread.
  @usableFromInline @inline(never)
  static func stored(_ box: AnyObject, _ keyPath: AnyKeyPath) {
    let property = PropertyKey.of(keyPath)
    let thread = CurrentThread.token
    let object = ObjectIdentifier(box)
    let logs = perception_native_setups_open(stripe(of: box))
    let mark = perception_native_next_mark()
    let due = lock.withLock { () -> [Waiting] in
      if logs,
        let index = log.firstIndex(where: {
          $0.object == object && $0.property == property && $0.thread == thread
        })
      {
        log[index].mark = mark
      } else if logs {
        log.append(
          Write(
            stripe: stripe(of: box), object: object, property: property, thread: thread,
            mark: mark))
        perception_native_set_logged(stripe(of: box))
      }
      guard !waiting.isEmpty else { return [] }
      var due: [Waiting] = []
      waiting.removeAll { check in
        let isDue =
          check.id == object && check.object != nil && check.thread != thread
          && check.properties.contains(property)
        if isDue { due.append(check) }
        return isDue
      }
      return due
    }
    guard !due.isEmpty else { return }
    perception_native_waiting_remove(stripe(of: box), UInt64(due.count))
    for check in due { check.deliver(property) }
  }

  /// The stripe has no write in progress: its checks have heard every write they waited for.
  @usableFromInline @inline(never)
  static func stopWaiting(in stripe: UnsafeMutableRawPointer) {
    // Returned, so that the last reference to a callback is dropped outside the lock.
    let done = lock.withLock { () -> [Waiting] in
      // A write that began since keeps them: its end comes back here.
      guard !perception_native_writes_in_progress(stripe) else { return [] }
      var done: [Waiting] = []
      waiting.removeAll { check in
        if check.stripe == stripe { done.append(check) }
        return check.stripe == stripe
      }
      return done
    }
    if !done.isEmpty { perception_native_waiting_remove(stripe, UInt64(done.count)) }
  }

  // Scopes.

  /// A scope's first read of an object, before the value is read: returns the mark.
  static func beginSetup(_ box: AnyObject) -> UInt64 {
    perception_native_setup_begin(stripe(of: box))
    return perception_native_current_mark()
  }

  /// Ends a setup `beginSetup` began; the stripe's last forgets what the log holds from it.
  static func endSetup(_ box: AnyObject) {
    let stripe = stripe(of: box)
    guard perception_native_setup_end(stripe) else { return }
    // A setup begun since keeps the log: its writes follow its begin.
    lock.withLock {
      guard !perception_native_setups_open(stripe) else { return }
      log.removeAll { $0.stripe == stripe }
      perception_native_clear_logged(stripe)
    }
  }

  /// The end of a scope's setup, once Observation's tracking is installed, while its setups are
  /// open: `deliver` gets a property of `list` another thread wrote since the scope's mark, on
  /// this thread, or, with `waitsForWrites`, on the thread of a write then in progress.
  @inline(__always)
  static func check(
    _ list: UnsafeMutablePointer<AccessList>, waitsForWrites: Bool,
    deliver: @autoclosure () -> @Sendable (UnsafeRawPointer) -> Void
  ) {
    // Without a write in progress in the objects' stripes nor one logged anywhere since the
    // mark, there is nothing to find: no lock, and no callback made.
    var mayWait = false
    var index = 0
    while waitsForWrites && !mayWait && index < list.pairCount {
      mayWait = perception_native_writes_in_progress(
        perception_native_stripe_of(list.registrar(at: index)))
      index += 1
    }
    guard mayWait || perception_native_current_mark() != list.setupMark else { return }
    check(list, mayWait: mayWait, deliver: deliver())
  }

  @inline(never)
  private static func check(
    _ list: UnsafeMutablePointer<AccessList>, mayWait: Bool,
    deliver: @escaping @Sendable (UnsafeRawPointer) -> Void
  ) {
    let mark = list.setupMark
    let thread = CurrentThread.token
    let changed = lock.withLock { () -> UnsafeRawPointer? in
      var changed: UnsafeRawPointer?
      TrackingScope.forEachGroup(of: list) { registrar, start, end in
        guard changed == nil else { return }
        let object = ObjectIdentifier(
          Unmanaged<AnyObject>.fromOpaque(registrar).takeUnretainedValue())
        let properties = UnsafeBufferPointer(
          start: list.properties(from: start), count: end - start)
        changed =
          log.first {
            $0.mark >= mark && $0.thread != thread && $0.object == object
              && properties.contains($0.property)
          }?.property
      }
      guard changed == nil, mayWait else { return changed }
      TrackingScope.forEachGroup(of: list) { registrar, start, end in
        let stripe = perception_native_stripe_of(registrar)!
        guard perception_native_waiting_add(stripe) else {
          perception_native_waiting_remove(stripe, 1)
          return
        }
        let object = Unmanaged<AnyObject>.fromOpaque(registrar).takeUnretainedValue()
        waiting.append(
          Waiting(
            id: ObjectIdentifier(object), object: object, stripe: stripe,
            properties: (start..<end).map { list.properties(from: $0).pointee! },
            thread: thread, deliver: deliver))
      }
      return nil
    }
    if let changed { deliver(changed) }
  }
}
