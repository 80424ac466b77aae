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

  /// A native-engine tracking call beside a Perception scope (`NativeTrackingPlan`): `apply`
  /// runs in the scope too, so that its reads open their setups (`NativeSetupWindow`) in the
  /// list, which records each object's `NativeRegistrarStorage`. `observe` runs `apply`, then
  /// `leaveScope`, in Observation's tracking, installed as `observe` returns, and returns what
  /// `setupEnded` then gets with the list, before the setups close.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @inline(__always)
  static func runBesideObservation<Installed>(
    _ observe: (_ leaveScope: () -> Void, _ registrarCount: () -> Int) -> Installed,
    setupEnded: (UnsafeMutablePointer<AccessList>, Installed) -> Void
  ) {
    withScope { list, enclosing, enclosingSlot in
      let installed = observe({ ThreadLocal.slot = enclosingSlot }, { list.registrarCount })
      setupEnded(list, installed)
      endBesideObservation(list, enclosing: enclosing)
    }
  }

  /// Hands a native list's reads, and their setups, to the enclosing scope, or closes the
  /// setups and releases its objects, and frees it.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  static func endBesideObservation(
    _ list: UnsafeMutablePointer<AccessList>, enclosing: UnsafeMutablePointer<AccessList>?
  ) {
    if list.pairCount != 0 {
      if let enclosing {
        enclosing.merge(list, releaseRegistrar: releaseBox)
      } else {
        forEachBox(of: list) { NativeRegistrarStorage.releaseFromList($0) }
      }
    }
    list.destroy()
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
    forEachGroup(of: list) { registrar, start, end in body(.fromOpaque(registrar), start, end) }
  }

  /// Calls `body` with each registrar the list read, as recorded, and its pairs.
  static func forEachGroup(
    of list: UnsafeMutablePointer<AccessList>,
    _ body: (UnsafeMutableRawPointer, Int, Int) -> Void
  ) {
    // The common scope reads one object: one group, with no search for its end.
    if list.registrarCount == 1 {
      body(list.registrar(at: 0), 0, list.pairCount)
      return
    }
    list.group()
    var start = 0
    while start < list.pairCount {
      let end = list.groupEnd(from: start)
      body(list.registrar(at: start), start, end)
      start = end
    }
  }

  private static let releaseRegistrar: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
    RegistrarStorage.releaseFromList(.fromOpaque($0!))
  }

  /// Registers `observer` for the releases of the objects a native list read, in each one's
  /// `NativeRegistrarStorage.perception`, and arms it.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  static func installForReleases(
    _ observer: Observer, for list: UnsafeMutablePointer<AccessList>
  ) {
    forEachGroup(of: list) { registrar, start, end in
      let box = Unmanaged<NativeRegistrarStorage>.fromOpaque(registrar)
      // A subject released inside the scope is not observed (nor reported released).
      guard !box.isOnlyReference else { return }
      let perception = box._withUnsafeGuaranteedRef { $0.perception }
      // Perception's storage beside Observation's is never announced to: no write is missed.
      _ = observer.register(
        in: perception.table, properties: list.properties(from: start), count: end - start,
        mark: .max)
    }
    observer.arm()
  }

  /// Calls `body` with each object a native list read.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  private static func forEachBox(
    of list: UnsafeMutablePointer<AccessList>,
    _ body: (Unmanaged<NativeRegistrarStorage>) -> Void
  ) {
    forEachGroup(of: list) { registrar, _, _ in body(.fromOpaque(registrar)) }
  }

  private static let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
      NativeRegistrarStorage.releaseFromList(.fromOpaque($0!))
    }
  }
}
