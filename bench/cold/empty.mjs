// Cold start baseline: a script that does nothing. Its run time is subtracted from the others'.
