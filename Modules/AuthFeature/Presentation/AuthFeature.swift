/// Sign-in, the session and the profile screen.
public enum AuthFeatureModule {}
