/// Entities, repository contracts and use cases; knows nothing of HTTP.
public enum DomainModule {}
