/// The end of a scope on Perception's runtime that read something: an observer registered in
/// every registrar the scope read, for the properties it read there, and the reads handed to the
/// enclosing scope.
extension TrackingScope {
  /// A native-engine tracking call that must hear of releases where Observation reports none:
  /// `apply` runs in a Perception scope as well, whose reads make each object's Perception
  /// registrar (see `NativeRegistrarStorage`), and the observer that `observe` returns (made
  /// with the function it is handed) registers there, for the releases alone; Observation, run
  /// by `observe` around the scope's `apply`, reports the changes.
  static func runRecordingReleases(
    _ apply: () -> Void,
    _ observe: (_ applyInScope: () -> Void, _ makeObserver: (ObserverCallbacks) -> Observer)
      -> Observer?
  ) {
    withScope { list, enclosing, enclosingSlot in
      // Not escaping: `observe` runs it before it returns.
      let observer = withoutActuallyEscaping(apply) { apply in
        observe(
          {
            runMarked(apply)
            ThreadLocal.slot = enclosingSlot
          },
          { make($0, for: list) })
      }
      if let observer { install(observer, for: list) }
      finish(list, enclosing: enclosing)
    }
  }

  /// The end of a scope on Perception's runtime that read something: observes the reads with
  /// the callbacks `makeCallbacks` returns, hands them to the enclosing scope, and frees the
  /// list's storage. The thread's slot already names the enclosing scope again.
  @usableFromInline
  static func observe(
    _ list: UnsafeMutablePointer<AccessList>,
    enclosing: UnsafeMutablePointer<AccessList>?,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) {
    if let callbacks = makeCallbacks() {
      install(make(consume callbacks, for: list), for: list)
    }
    finish(list, enclosing: enclosing)
  }

  /// Adds the list's reads to the enclosing scope (or gives up its references to the
  /// registrars, if there is none), and frees the list's storage.
  private static func finish(
    _ list: UnsafeMutablePointer<AccessList>,
    enclosing: UnsafeMutablePointer<AccessList>?
  ) {
    if list.pairCount != 0 {
      if let enclosing {
        enclosing.merge(list, releaseRegistrar: releaseRegistrar)
      } else {
        releaseRegistrars(of: list)
      }
    }
    list.destroy()
  }

  /// An observer for `callbacks`, with room for a registration in each registrar `list` read.
  private static func make(
    _ callbacks: consuming ObserverCallbacks,
    for list: UnsafeMutablePointer<AccessList>
  ) -> Observer {
    Observer.make(callbacks, registrarCount: list.registrarCount)
  }

  /// Registers `observer` in every registrar the list read, for the properties it read. Out
  /// of line: inlined into a scope's end, its closure's capture of the observer costs a
  /// retain and a release.
  @inline(never)
  private static func install(
    _ observer: Observer, for list: UnsafeMutablePointer<AccessList>
  ) {
    register(observer, for: list)
    observer.arm()
  }

  /// `install`'s registrations, without the arming.
  @inline(__always)
  private static func register(_ observer: Observer, for list: UnsafeMutablePointer<AccessList>) {
    forEachGroup(of: list) { storage, start, end in
      // A subject released inside the scope is not observed (nor reported released).
      guard !storage.isOnlyHeldByAnAccessList else { return }
      let table = storage._withUnsafeGuaranteedRef { $0.table() }
      observer.register(
        in: table, properties: list.properties(from: start), count: end - start)
    }
  }

  /// Gives up the list's one reference to each registrar it read.
  private static func releaseRegistrars(of list: UnsafeMutablePointer<AccessList>) {
    forEachGroup(of: list) { storage, _, _ in
      storage.release()
    }
  }

  /// Groups the list, then calls `body` with each registrar and the range of its pairs, once
  /// per registrar. The registrar comes unmanaged: the list's own reference keeps it alive, so
  /// `body` need not retain it.
  private static func forEachGroup(
    of list: UnsafeMutablePointer<AccessList>,
    _ body: (Unmanaged<RegistrarStorage>, Int, Int) -> Void
  ) {
    // The common scope reads one object: its pairs are one group, with no search for its end.
    if list.registrarCount == 1 {
      body(.fromOpaque(list.registrar(at: 0)), 0, list.pairCount)
      return
    }
    list.group()
    var start = 0
    while start < list.pairCount {
      let end = list.groupEnd(from: start)
      body(.fromOpaque(list.registrar(at: start)), start, end)
      start = end
    }
  }

  private static let releaseRegistrar: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
    Unmanaged<RegistrarStorage>.fromOpaque($0!).release()
  }
}
