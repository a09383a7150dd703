"""Checkout pages: products and cart, buyer form, payment and proof, success, failure."""
