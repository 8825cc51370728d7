/* tsr-annotations.c: GObject Introspection annotations for the library's headers that the GIR
 * (Tessera-1.0) describes besides tsr-script.h: core/tsr-finding.h, model/tsr-command.h,
 * model/tsr-undo-stack.h, model/tsr-document.h and model/tsr-property-source.h. Those headers keep
 * their plain comments; g-ir-scanner reads the blocks here by symbol name. Not compiled: only
 * g-ir-scanner reads this file (src/script/meson.build). What a binding cannot express (codec
 * structs, field tables and values, output file arrays) is skipped; tsr-script.h offers it in a
 * form bindings take. */

/**
 * TsrDocumentClass:
 * @parent_class: the parent class
 * @attach: (skip): builds the family's model
 * @serialize: (skip): the files a save writes
 * @validate: (skip): the family's own findings
 * @format_for_path: (skip): the format a save at a path writes
 *
 * The document class.
 */

/**
 * tsr_document_new_from_file: (constructor)
 * @file: a local file
 * @error: return location for an error
 *
 * Loads @file, detecting its format by content.
 *
 * Returns: (transfer full): the document, or %NULL with @error set
 */

/**
 * tsr_document_new_from_bytes: (constructor)
 * @bytes: the file's bytes
 * @display_name: the name to show
 * @error: return location for an error
 *
 * Returns: (transfer full): the document (with no file: saving needs a path), or %NULL
 */

/**
 * tsr_document_new_from_file_async:
 * @file: a local file
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async): called when the document is loaded
 * @user_data: (closure): data for @callback
 *
 * Loads @file in a worker thread.
 */

/**
 * tsr_document_new_from_file_finish: (constructor)
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the document, or %NULL with @error set
 */

/**
 * tsr_document_get_load_notes:
 * @self: a document
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): what opening the file did
 *   besides loading it, or %NULL
 */

/**
 * tsr_document_new_from_recovered: (skip)
 * @file: the document's file
 * @outputs: the recovered files
 * @error: return location for an error
 *
 * Returns: the document
 */

/**
 * tsr_document_save:
 * @self: a document
 * @file: (nullable): where to save, or %NULL for the document's own file
 * @flags: how to save
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */

/**
 * tsr_document_serialize: (skip)
 * @self: a document
 * @path: where a save would write
 * @error: return location for an error
 *
 * Returns: the output files
 */

/**
 * tsr_document_execute:
 * @self: a document
 * @command: (transfer none): the command to apply
 *
 * Applies @command through the undo stack.
 */

/**
 * tsr_document_execute_take:
 * @self: a document
 * @command: (transfer full) (nullable): the command to apply, or %NULL
 *
 * Returns: %TRUE when there was a command to apply
 */

/**
 * tsr_document_get_file:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): the document's file, or %NULL before a first save
 */

/**
 * tsr_document_get_format: (skip)
 * @self: a document
 *
 * Returns: the format
 */

/**
 * tsr_document_get_format_data: (skip)
 * @self: a document
 *
 * Returns: the codec's struct
 */

/**
 * tsr_document_get_undo_stack:
 * @self: a document
 *
 * Returns: (transfer none): the document's undo stack
 */

/**
 * tsr_document_get_findings:
 * @self: a document
 *
 * Returns: (transfer none) (element-type TsrFinding): the current findings
 */

/**
 * tsr_document_describe:
 * @self: a document
 *
 * Returns: (transfer full): the format's summary, as `tessera-cli info --json` prints it
 */

/**
 * tsr_document_register_type: (skip)
 * @format_id: a format id
 * @type: a document type
 */

/**
 * TsrPropertySourceClass:
 * @parent_class: the parent class
 * @list_elements: (skip): every element of the kind
 * @get_value: (skip): reads a field
 * @set_value: (skip): pushes the command setting a field
 * @describe_value: (skip): what a value means
 * @dup_constant_label: (skip): a constant for people
 * @is_field_stored: (skip): whether the file stores a field
 * @list_choices: (skip): a reference field's choices
 *
 * The property source class.
 */

/**
 * tsr_property_source_get_document:
 * @self: a property source
 *
 * Returns: (transfer none): the document
 */

/**
 * tsr_property_source_get_table: (skip)
 * @self: a property source
 *
 * Returns: the field table
 */

/**
 * tsr_property_source_dup_constant_label: (skip)
 * @self: a property source
 * @field: a field
 * @constant: a constant
 *
 * Returns: the label
 */

/**
 * tsr_property_source_set_elements:
 * @self: a property source
 * @elements: (array length=n_elements): the elements to select
 * @n_elements: how many
 *
 * Selects @elements.
 */

/**
 * tsr_property_source_get_elements:
 * @self: a property source
 * @n_elements: (out): how many are selected
 *
 * Returns: (transfer none) (array length=n_elements): the selected elements
 */

/**
 * tsr_property_source_list_elements:
 * @self: a property source
 *
 * Returns: (transfer full) (element-type guint): every element of the kind
 */

/**
 * tsr_property_source_get_shared: (skip)
 * @self: a property source
 * @field: a field
 * @value: the value
 *
 * Returns: the state
 */

/**
 * tsr_property_source_get_value: (skip)
 * @self: a property source
 * @element: an element
 * @field: a field
 * @value: the value
 *
 * Returns: whether the element exists
 */

/**
 * tsr_property_source_set: (skip)
 * @self: a property source
 * @field: a field
 * @value: the value
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */

/**
 * tsr_property_source_list_choices: (skip)
 * @self: a property source
 * @field: a field
 *
 * Returns: the choices
 */

/**
 * tsr_property_choices_new: (skip)
 *
 * Returns: an empty array of choices
 */

/**
 * tsr_property_choices_add: (skip)
 * @choices: the array
 * @value: a value
 * @label: its label
 */

/**
 * tsr_property_source_dup_description:
 * @self: a property source
 * @field: a field
 *
 * Returns: (transfer full) (nullable): what the selection's value means, or %NULL
 */

/**
 * tsr_property_source_get_bits:
 * @self: a property source
 * @field: a bitset field
 * @all: (out): the bits every selected element has set
 * @any: (out): the bits any selected element has set
 */

/**
 * tsr_property_source_find_similar:
 * @self: a property source
 * @fields: (array length=n_fields): the fields to compare
 * @n_fields: how many
 *
 * Returns: (transfer full) (element-type guint): the similar elements
 */

/**
 * tsr_property_source_find:
 * @self: a property source
 * @field: a field
 * @text: what to find
 * @error: return location for an error
 *
 * Returns: (transfer full) (element-type guint): the matching elements, or %NULL with @error set
 */

/**
 * tsr_command_get_note:
 * @self: a command
 *
 * Returns: (transfer none) (nullable): the note, or %NULL
 */

/**
 * tsr_command_group_new:
 * @description: the action's name
 *
 * Returns: (transfer full): an empty group
 */

/**
 * tsr_command_group_add:
 * @self: a command group
 * @command: (transfer none): a command
 */

/**
 * tsr_undo_stack_push:
 * @self: an undo stack
 * @command: (transfer none): the command to apply and record
 */

/**
 * tsr_undo_stack_get_undo_description:
 * @self: an undo stack
 *
 * Returns: (transfer none) (nullable): what undo would do, or %NULL
 */

/**
 * tsr_undo_stack_get_redo_description:
 * @self: an undo stack
 *
 * Returns: (transfer none) (nullable): what redo would do, or %NULL
 */

/**
 * tsr_finding_place_element: (skip)
 * @level: a level
 * @kind: a kind
 * @index: an index
 *
 * Returns: the place
 */

/**
 * tsr_finding_place_at: (skip)
 * @level: a level
 * @kind: a kind
 * @index: an index
 * @unit: the unit
 * @x: x
 * @y: y
 *
 * Returns: the place
 */

/**
 * tsr_findings_new: (skip)
 *
 * Returns: an empty array of findings
 */

/**
 * tsr_findings_add: (skip)
 * @findings: an array of findings
 * @severity: the severity
 * @where: where
 * @format: printf format
 * @...: arguments
 */

/**
 * tsr_findings_add_at: (skip)
 * @findings: an array of findings
 * @severity: the severity
 * @place: the place
 * @where: where
 * @format: printf format
 * @...: arguments
 */

/**
 * tsr_findings_count: (skip)
 * @findings: an array of findings
 * @severity: the severity
 *
 * Returns: the count
 */

/**
 * tsr_finding_to_string:
 * @finding: a finding
 *
 * Returns: (transfer full): "error: WHERE: WHAT"
 */

/**
 * tsr_finding_free: (skip)
 * @finding: a finding
 */
