import CPerceptionRuntime

/// A tracking scope's (registrar, property) pairs (`perception_access_list.h`), on the scope's
/// stack; a struct around the C one for the reason `RegistrarState` is one.
@frozen @usableFromInline
struct AccessList {
  @usableFromInline
  var list: perception_access_list
}

extension UnsafeMutablePointer<AccessList> {
  @inlinable
  var c: UnsafeMutablePointer<perception_access_list> {
    @inline(__always) get { pointer(to: \.list)! }
  }

  @inlinable @inline(__always)
  func initialize(enclosing: UnsafeMutablePointer<AccessList>?) {
    perception_access_list_init(c, enclosing?.c)
  }

  @inline(__always)
  func destroy() {
    perception_access_list_destroy(c)
  }

  @inlinable
  var pairCount: Int {
    @inline(__always) get { pointee.list.count }
  }

  var registrarCount: Int { pointee.list.registrar_count }

  /// The mark of the list's first setup (`perception_access_list.h`); 0 while it holds no
  /// registrar.
  var setupMark: UInt64 {
    get { pointee.list.setup_mark }
    nonmutating set { pointee.list.setup_mark = newValue }
  }

  func registrar(at index: Int) -> UnsafeMutableRawPointer {
    pointee.list.registrars[index]!
  }

  func properties(from index: Int) -> UnsafePointer<UnsafeRawPointer?> {
    UnsafePointer(pointee.list.properties + index)
  }

  /// Whether `registrar` is new: the list then owns a reference that the caller must give.
  @inline(__always)
  func record(registrar: UnsafeMutableRawPointer, property: UnsafeRawPointer) -> Bool {
    perception_access_list_record(c, registrar, property) == PERCEPTION_ACCESS_NEW_REGISTRAR
  }

  /// A registrar both lists held has one reference passed to `releaseRegistrar`.
  func merge(
    _ inner: UnsafeMutablePointer<AccessList>,
    releaseRegistrar: @convention(c) (UnsafeMutableRawPointer?) -> Void
  ) {
    perception_access_list_merge(c, inner.c, releaseRegistrar)
  }

  /// Groups the pairs by registrar; recording again ungroups them.
  func group() {
    if !pointee.list.grouped { perception_access_list_group(c) }
  }

  /// On a grouped list, the end of the group that starts at `start`.
  func groupEnd(from start: Int) -> Int {
    perception_access_list_group_end(c, start)
  }
}
