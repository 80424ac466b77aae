/// Whether the code of this folder runs: every place the library rests on another library's
/// internals (the list and how each is tested are in `Sources/README.md`, "Other libraries'
/// internals"), but `ObservationSPI` and `synchronousView(of:)`, which have no other way. On
/// unless `PERCEPTION_INTEROP` is `0`, `false`, `no` or `off`, the rule of `PERCEPTION_CHECKING`
/// and `PERCEPTION_TRACE`; read once, the first time an entry asks, and never on a read or a
/// write. Off, no entry looks anything up, and a report that one of them would have taken goes
/// to standard error, as where the internals are missing.
enum InteropSwitch {
  static let isEnabled = environmentSwitch("PERCEPTION_INTEROP") ?? true
}
