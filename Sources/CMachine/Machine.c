/* Everything is in the header (static inline); a C target needs one source file. */
