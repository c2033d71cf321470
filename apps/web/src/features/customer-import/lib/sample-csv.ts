/**
 * A file to start from: every column the import reads, headed as the mapping guesses them, and two rows showing the
 * formats (dollars, MM/DD/YYYY, yes/no, statuses by name, tags separated by semicolons, two-letter states, ZIP+4).
 */
export const SAMPLE_CSV = [
  'First Name,Last Name,Email,Phone,External ID,Amount Due,Due Date,Autopay,Convenience Fee,Status,Location,Tags,Language,Text Opt In,Email Opt In,Address Line 1,Address Line 2,City,State,ZIP Code',
  'Ada,Lovelace,ada@example.com,(212) 555-0100,LOAN-1001,"$1,234.56",01/15/2031,no,2.50,Active,Main St,VIP,en-US,no,no,12 Ocean Dr,Apt 4,Miami Beach,FL,33139-1234',
  'Alan,Turing,,,LOAN-1002,250.00,,no,,Do not contact,Main St,VIP; Repo Risk,en-US,no,no,,,,,',
].join('\r\n');
