// The mail module, as other modules use it: queue an email (sent by a job after the caller's transaction commits).

export { queueEmail } from './mail.service';
