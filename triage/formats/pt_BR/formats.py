# Brazilian Portuguese: 15/12/2026, 29/11/2026 12:21 -03, 71.850,00.
DATE_FORMAT = "d/m/Y"
SHORT_DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = "d/m/Y H:i T"
SHORT_DATETIME_FORMAT = "d/m/Y H:i T"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = r"j \d\e F"
YEAR_MONTH_FORMAT = r"F \d\e Y"
# Day first, four-digit year (Django adds ISO 2026-12-15, which is unambiguous too).
DATE_INPUT_FORMATS = ["%d/%m/%Y"]
DATETIME_INPUT_FORMATS = ["%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M"]
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
FIRST_DAY_OF_WEEK = 0
