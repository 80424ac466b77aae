/// A scope on Perception's runtime, and its end: an observer registered for the reads, and the
/// reads handed to the enclosing scope.
extension TrackingScope {
  /// Runs `apply` in a new scope, whose reads, if any, are observed with `makeCallbacks()`.
  @inlinable @inline(__always)
  static func runInScope<T>(
    _ apply: () -> T, callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    withScope { list, enclosing, enclosingSlot in
      let result = runMarked(apply)
      ThreadLocal.slot = enclosingSlot
      // A list that recorded nothing owns nothing.
      if _slowPath(list.pairCount != 0) {
        observe(list, enclosing: enclosing, callbacks: makeCallbacks)
      }
      return result
    }
  }

  /// The end of a scope that read something; the thread's slot names the enclosing scope again.
  @usableFromInline
  static func observe(
    _ list: UnsafeMutablePointer<AccessList>,
    enclosing: UnsafeMutablePointer<AccessList>?,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) {
    if let callbacks = makeCallbacks() {
      install(Observer.make(consume callbacks, registrarCount: list.registrarCount), for: list)
    }
    finish(list, enclosing: enclosing)
  }

  /// A native-engine tracking call that must hear of releases where Observation reports none:
  /// `apply` runs in a Perception scope too, so the observer `observe` returns registers for
  /// releases in each object's `NativeRegistrarStorage.perception`.
  static func runRecordingReleases(
    _ apply: () -> Void,
    _ observe: (_ applyInScope: () -> Void, _ makeObserver: (ObserverCallbacks) -> Observer)
      -> Observer?
  ) {
    withScope { list, enclosing, enclosingSlot in
      // `observe` runs `apply` before it returns.
      let observer = withoutActuallyEscaping(apply) { apply in
        observe(
          {
            runMarked(apply)
            ThreadLocal.slot = enclosingSlot
          },
          { Observer.make($0, registrarCount: list.registrarCount) })
      }
      if let observer { install(observer, for: list) }
      finish(list, enclosing: enclosing)
    }
  }

  /// Hands the list's reads, and their setup, to the enclosing scope, or ends the setup and
  /// releases its registrars, and frees it.
  private static func finish(
    _ list: UnsafeMutablePointer<AccessList>, enclosing: UnsafeMutablePointer<AccessList>?
  ) {
    if list.pairCount != 0 {
      if let enclosing {
        enclosing.merge(list, releaseRegistrar: releaseRegistrar)
      } else {
        forEachGroup(of: list) { storage, _, _ in RegistrarStorage.releaseFromList(storage) }
      }
    }
    list.destroy()
  }

  /// Registers `observer` for the list's reads and arms it; then, if another thread wrote one
  /// of them during the setup, when no registration could hear it, delivers that change. Out of
  /// line: inlined, its closure's capture of the observer costs a retain and a release.
  @inline(never)
  private static func install(
    _ observer: Observer, for list: UnsafeMutablePointer<AccessList>
  ) {
    let mark = list.setupMark
    var changed: UnsafeRawPointer?
    forEachGroup(of: list) { storage, start, end in
      // A subject released inside the scope is not observed (nor reported released).
      guard !storage.isOnlyReference else { return }
      let missed = observer.register(
        in: storage._withUnsafeGuaranteedRef { $0.table }, properties: list.properties(from: start),
        count: end - start, mark: mark)
      if changed == nil { changed = missed }
    }
    observer.arm()
    if let changed { observer.receiveChangeDuringSetup(of: changed) }
  }

  /// Calls `body` with each registrar the list read (kept alive by the list) and its pairs.
  private static func forEachGroup(
    of list: UnsafeMutablePointer<AccessList>,
    _ body: (Unmanaged<RegistrarStorage>, Int, Int) -> Void
  ) {
    // The common scope reads one object: one group, with no search for its end.
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
    RegistrarStorage.releaseFromList(.fromOpaque($0!))
  }
}
