/// The payment-methods screen and the wallet page.
public enum PaymentsFeatureModule {}
