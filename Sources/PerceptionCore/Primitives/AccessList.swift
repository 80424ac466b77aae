import CPerceptionRuntime

/// A tracking scope's list of the (registrar, property) pairs it read
/// (`perception_access_list.h`), on the scope's stack. A struct around the C one for the reason
/// `RegistrarState` is one.
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

  /// Makes the list empty, chained to the scope it is nested in.
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

  /// The registrar of the pair at `index`.
  func registrar(at index: Int) -> UnsafeMutableRawPointer {
    pointee.list.registrars[index]!
  }

  /// The properties of the pairs from `index` on.
  func properties(from index: Int) -> UnsafePointer<UnsafeRawPointer?> {
    UnsafePointer(pointee.list.properties + index)
  }

  /// Records that `property` of `registrar` was read; returns whether `registrar` is new to
  /// the list, which then owns one reference to it that the caller must give.
  @inline(__always)
  func record(registrar: UnsafeMutableRawPointer, property: UnsafeRawPointer) -> Bool {
    perception_access_list_record(c, registrar, property) == PERCEPTION_ACCESS_NEW_REGISTRAR
  }

  /// Moves every pair of `inner` into this list, without duplicates; a registrar both held has
  /// its redundant reference passed to `releaseRegistrar`.
  func merge(
    _ inner: UnsafeMutablePointer<AccessList>,
    releaseRegistrar: @convention(c) (UnsafeMutableRawPointer?) -> Void
  ) {
    perception_access_list_merge(c, inner.c, releaseRegistrar)
  }

  /// Groups the pairs by registrar (once; recording again ungroups them).
  func group() {
    if !pointee.list.grouped { perception_access_list_group(c) }
  }

  /// On a grouped list, the end of the group that starts at `start`.
  func groupEnd(from start: Int) -> Int {
    perception_access_list_group_end(c, start)
  }
}
