//! Record-based Swiss pairing for Warhammer 40K.
