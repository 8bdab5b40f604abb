#ifndef CXMLTREE_H
#define CXMLTREE_H

#include <stddef.h>

/* An XML document as a tree, through libxml2, which is opened on first use (not at start: with
   ICU and liblzma under it, 0.9 MB resident that a start does not need). Nodes belong to their
   document and live as long as it does. Strings returned are the caller's (xmltree_free_string). */
typedef struct xmltree_document xmltree_document;
typedef struct xmltree_node xmltree_node;

/* Parses `length` bytes strictly: NULL and a message in `error` for anything not well formed
   (no recovery), for a network or external entity, or when libxml2 cannot be opened. Comments,
   processing instructions and whitespace are kept as they are. */
xmltree_document *xmltree_parse(const char *bytes, size_t length, char *error, size_t error_size);
/* A new document whose root element is `root_name`; NULL when libxml2 cannot be opened. */
xmltree_document *xmltree_create(const char *root_name);
void xmltree_free(xmltree_document *document);
/* The document as UTF-8 with its XML declaration, indented where it had no whitespace of its
   own when `indent`; `*length` is set. NULL when out of memory. */
char *xmltree_write(xmltree_document *document, int indent, size_t *length);
void xmltree_free_string(char *string);

xmltree_node *xmltree_root(xmltree_document *document);
/* The first child element (other nodes passed over), the next sibling element. */
xmltree_node *xmltree_first_element(xmltree_node *node);
xmltree_node *xmltree_next_element(xmltree_node *node);
/* The element's name without its namespace prefix ("application"), and the prefix it was
   read with ("bookmark"; NULL when none). An element made here with a prefixed name has that
   whole name as its local name. */
const char *xmltree_local_name(xmltree_node *node);
const char *xmltree_prefix(xmltree_node *node);
/* An attribute's value, NULL when the element has none by that name. */
char *xmltree_attribute(xmltree_node *node, const char *name);
/* Sets (adds or replaces) an attribute; 0 when out of memory. */
int xmltree_set_attribute(xmltree_node *node, const char *name, const char *value);
/* A new empty element `name` (may be prefixed, "mime:mime-type") as the last child of `parent`. */
xmltree_node *xmltree_add_element(xmltree_node *parent, const char *name);

#endif
