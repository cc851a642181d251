import Testing

/// The storage conformance suite: what the server relies on from its storage, each as a behaviour a person would
/// notice. Every test runs against every `Backend`, so adding a backend is adding a case there.
///
/// Its parts are nested suites, one file each.
@Suite("Storage conformance")
struct StorageConformance {}
