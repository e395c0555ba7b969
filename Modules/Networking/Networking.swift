/// The data transport every feature uses: an HTTP client protocol, a URLSession client and the decorators that
/// map, authenticate, retry, log and bound each call.
public enum NetworkingModule {}
