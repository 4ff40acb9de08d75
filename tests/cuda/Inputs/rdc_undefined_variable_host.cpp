// A host global with the name of the device variable rdc_undefined_variable.cu declares but
// no file defines.
int rdc_missing_value = 42;
