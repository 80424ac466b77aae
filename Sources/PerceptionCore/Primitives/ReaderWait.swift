import CPerceptionRuntime

/// Where a cancel sleeps until an observer's readers are gone (`perception_reader_wait.h`), and
/// how the last of them wakes it.
enum ReaderWait {
  /// Sleeps until no bit of `readerMask` is set in `word`, setting `waiterBit` in it meanwhile.
  /// Only once no reader can join.
  static func sleep(
    on word: UnsafeMutablePointer<AtomicWord>, readerMask: UInt32, waiterBit: UInt32
  ) {
    perception_wait_for_readers(word, readerMask, waiterBit)
  }

  /// Wakes every sleeping waiter: for the reader whose exchange took the last reader out of a
  /// word with the waiter bit set, after that exchange.
  static func wakeWaiters() {
    perception_wake_reader_waiters()
  }
}
